import ComposableRuntime
import SwiftSyntax

/// When a generated test yields to the streams its dependencies make (see ``StreamFeed``), and
/// when it ends them: planned over the whole session before the test is written.
///
/// An action an effect sent back that carries a value of a stream's element type is preceded by
/// `yield` of that value; one that carries a failed `Result` of it, from a throwing stream, by
/// `finish(throwing:)` with its error (a failed `Result` of another type, when the stream is the
/// only thing given that can throw). An effect that finished in the recording has the streams
/// it was fed from ended with `finish()` right after its last yield, before the action is
/// received, as a test does when its stream's work is done (`for await` ends, and the effect
/// with it). A stream the dependencies yield to themselves (a client's `stop` that yields the
/// recording's end) is theirs to drive, and the test leaves it alone.
struct StreamFeeding {
  private enum Feed {
    case yield(ExprSyntax?)
    case fail(ExprSyntax)
  }

  private let feeds: [StreamFeed]
  /// What is fed before each step, by the step's index: the feed's index and what it is fed.
  private var fed: [Int: (feed: Int, with: Feed)] = [:]
  /// The feeds ended after the step at each index, each the last yield of a finished effect.
  private var ends: [Int: [Int]] = [:]

  init<R>(writer: TestWriter<R>) {
    self.feeds = writer.feeds
    guard !self.feeds.isEmpty else { return }
    let session = writer.session
    let modules: Set<String> = [writer.module]
    let slept = Set(session.sleeps.map(\.effect))
    let dependencies = writer.dependencyStatements.trimmedDescription.filter { !$0.isWhitespace }
    // The feeds the test drives: those the dependencies do not yield to themselves.
    let testDriven = self.feeds.indices.filter { index in
      !dependencies.contains(self.feeds[index].continuation.trimmedDescription + ".yield(")
    }
    // NB: A stream of `Void` is recognised by the actions without a payload only when it is the
    // one such stream: with two, which one to yield to cannot be told.
    let carryingNothing = testDriven.filter { self.feeds[$0].carriesNothing }
    let voidFeed = carryingNothing.count == 1 ? carryingNothing.first : nil
    // NB: An effect may send back something made of each element rather than the element (TCA's
    // speech example sends a transcript's text), and what the stream threw as it is. A failure
    // of another success type is taken for the stream's only when nothing else the test gives
    // can throw: one throwing feed the test drives, and no `throw` in the dependencies or the
    // reducer given.
    let throwingFeeds = testDriven.filter { self.feeds[$0].canFail }
    let loneThrowingFeed =
      throwingFeeds.count == 1 && !writer.givenCodeThrows ? throwingFeeds.first : nil
    var lastYield: [Int64: Int] = [:]
    var yieldedTo: [Int64: [Int]] = [:]
    var failed = Set<Int>()
    for (index, step) in session.steps.enumerated() {
      guard case let .effect(effect) = step.origin else { continue }
      var feeding: (feed: Int, with: Feed)?
      for feedIndex in testDriven where !self.feeds[feedIndex].carriesNothing {
        let feed = self.feeds[feedIndex]
        if let value = feed.value(in: step.action, modules: modules),
          let expression = writer.printer.expression(for: value)
        {
          feeding = (feedIndex, .yield(expression))
        } else if let error = feed.failure(in: step.action, modules: modules),
          let expression = writer.printer.standaloneExpression(for: error)
        {
          feeding = (feedIndex, .fail(expression))
        }
        if feeding != nil { break }
      }
      if feeding == nil, let feedIndex = loneThrowingFeed, !failed.contains(feedIndex),
        let error = self.feeds[feedIndex].failure(
          in: step.action, modules: modules, ofAnySuccess: true),
        let expression = writer.printer.standaloneExpression(for: error)
      {
        feeding = (feedIndex, .fail(expression))
      }
      if feeding == nil, let voidFeed, !slept.contains(effect),
        StreamFeed.carriesNothing(step.action)
      {
        feeding = (voidFeed, .yield(nil))
      }
      guard let feeding else { continue }
      self.fed[index] = feeding
      switch feeding.with {
      case .yield:
        lastYield[effect] = index
        if !yieldedTo[effect, default: []].contains(feeding.feed) {
          yieldedTo[effect, default: []].append(feeding.feed)
        }
      case .fail:
        failed.insert(feeding.feed)
      }
    }
    for (effect, index) in lastYield {
      guard case .finished = session.effects[effect]?.end?.outcome else { continue }
      self.ends[index] = (yieldedTo[effect] ?? []).filter { !failed.contains($0) }
    }
  }

  /// Writes what comes before the step at `index`: what its stream is fed, and the end of the
  /// streams of an effect whose last yield it is.
  func feed<R>(at index: Int, into writer: inout TestWriter<R>) {
    guard let (feed, with) = self.fed[index] else { return }
    switch with {
    case let .yield(value): writer.yield(value, to: self.feeds[feed])
    case let .fail(error): writer.finish(self.feeds[feed], throwing: error)
    }
    for feed in self.ends[index] ?? [] {
      writer.finish(self.feeds[feed])
    }
  }
}
