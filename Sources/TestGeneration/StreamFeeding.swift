import ComposableRuntime
import SwiftSyntax

/// When a generated test yields to the streams its dependencies make (see ``StreamFeed``), and
/// when it ends them: planned over the whole session before the test is written.
///
/// An action an effect sent back that carries a value of a stream's element type is preceded by
/// `yield` of that value. An effect that finished in the recording has the streams it was fed
/// from ended with `finish()` right after its last yield, before the action is received, as a
/// test does when its stream's work is done (`for await` ends, and the effect with it).
struct StreamFeeding {
  private let feeds: [StreamFeed]
  /// The yield before each step, by the step's index: the feed's index and the value.
  private var yields: [Int: (feed: Int, value: ExprSyntax?)] = [:]
  /// The index of the last step fed for each effect that finished in the recording.
  private var lastFed: [Int64: Int] = [:]
  /// The feeds each effect was fed from, in the order first fed.
  private var fedFrom: [Int64: [Int]] = [:]

  init<R>(writer: TestWriter<R>) {
    self.feeds = writer.feeds
    guard !self.feeds.isEmpty else { return }
    let session = writer.session
    let modules: Set<String> = [writer.module]
    let slept = Set(session.sleeps.map(\.effect))
    // NB: A stream of `Void` is recognised by the actions without a payload only when it is the
    // one such stream: with two, which one to yield to cannot be told.
    let carryingNothing = self.feeds.indices.filter { self.feeds[$0].carriesNothing }
    let voidFeed = carryingNothing.count == 1 ? carryingNothing.first : nil
    for (index, step) in session.steps.enumerated() {
      guard case let .effect(effect) = step.origin else { continue }
      var yield: (feed: Int, value: ExprSyntax?)?
      for (feedIndex, feed) in self.feeds.enumerated() where !feed.carriesNothing {
        if let value = feed.value(in: step.action, modules: modules),
          let expression = writer.printer.expression(for: value)
        {
          yield = (feedIndex, expression)
          break
        }
      }
      if yield == nil, let voidFeed, !slept.contains(effect), StreamFeed.carriesNothing(step.action)
      {
        yield = (voidFeed, nil)
      }
      guard let yield else { continue }
      self.yields[index] = yield
      if !self.fedFrom[effect, default: []].contains(yield.feed) {
        self.fedFrom[effect, default: []].append(yield.feed)
      }
      if case .finished = session.effects[effect]?.end?.outcome {
        self.lastFed[effect] = index
      }
    }
  }

  /// Writes what comes before the step at `index`, sent back by `effect`: its yield, and the end
  /// of the effect's streams after its last.
  func feed<R>(at index: Int, of effect: Int64, into writer: inout TestWriter<R>) {
    guard let yield = self.yields[index] else { return }
    writer.yield(yield.value, to: self.feeds[yield.feed])
    guard self.lastFed[effect] == index else { return }
    for feed in self.fedFrom[effect] ?? [] {
      writer.finish(self.feeds[feed])
    }
  }
}
