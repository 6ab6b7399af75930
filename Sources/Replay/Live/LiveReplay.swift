import ComposableRuntime
import Foundation
import RuntimeReflection
import Trace

/// A replay with live effects: only the inputs sent from outside are fed; the effects run for
/// real on a `TestClock` with the caller's dependencies, and the actions they send back are
/// compared, by name and payload (their exact encodings), with the recorded ones.
///
/// The clock advances by the recorded time between two sent inputs, then in steps of
/// ``step`` while an action the recording expects from an effect has not arrived (up to
/// ``patience``): a recording's times are the real ones, while an app under test may have run on
/// a clock of its own.
@MainActor
struct LiveReplay<R: Reducer> where R.State: Codable, R.Action: Codable {
  let reader: TraceReader
  let reducer: R
  let start: StartingPoint<R.State>
  let prepareDependencies: (inout DependencyValues) -> Void

  static var step: Duration { .milliseconds(50) }
  static var patience: Int { 1_200 }

  func run() async throws -> ReplayResult {
    let inputs = try self.reader.replayInputs(after: self.start.seq)
    let clock = TestClock()
    let observer = ReplayObserver<R.State, R.Action>()
    let wasSerial = uncheckedUseMainSerialExecutor
    uncheckedUseMainSerialExecutor = true
    defer { uncheckedUseMainSerialExecutor = wasSerial }
    let reducer = self.reducer
    let store = Store(initialState: self.start.state) {
      reducer
    } withDependencies: {
      $0.continuousClock = clock
      $0.suspendingClock = clock
      // NB: Stack element ids count from 0 in the recorded store; a fresh count here matches.
      $0.stackElementID = .incrementing()
      self.prepareDependencies(&$0)
    }
    store.observer = observer
    let decoder = JSONDecoder()
    let encoder = TraceEncoder()
    var report = DivergenceReport(reader: self.reader)
    var expected: [ReplayInput] = []
    var compared = 0
    var replayed = 0
    var time = inputs.first?.startNanoseconds ?? 0

    /// Waits for the effects' actions up to `expected`, then compares them; a finding, or nil.
    func settle(finally isLast: Bool) async -> Divergence? {
      var steps = 0
      while observer.received.count < expected.count, steps < Self.patience {
        await clock.advance(by: Self.step)
        steps += 1
      }
      await Task.megaYield()
      while compared < min(observer.received.count, expected.count) {
        let input = expected[compared]
        let actual = observer.received[compared].action
        let name = input.recorded?.name ?? "?"
        let encoding = try? encoder.encode(actual)
        if !Self.isEncoding(encoding, of: input.encoding, decoder: decoder, encoder: encoder) {
          let actualName = ActionDescription(of: actual).name
          return report.divergence(
            .actions, at: input, name: name,
            finding: "an effect sent \(actualName)"
              + (actualName == name ? " with another payload" : "") + "; the recording has "
              + "\(name)",
            details: [
              "    recorded: \(String(decoding: input.encoding ?? [], as: UTF8.self))",
              "    actual:   \(String(decoding: encoding ?? [], as: UTF8.self))",
            ])
        }
        report.remember(input, name: name)
        compared += 1
        replayed += 1
      }
      if compared < expected.count {
        let input = expected[compared]
        return report.divergence(
          .actions, at: input, name: input.recorded?.name ?? "?",
          finding: "no effect sent it: the recording has it sent back by an effect")
      }
      if isLast, observer.received.count > expected.count {
        let extra = observer.received[expected.count].action
        let last = inputs.last!
        return report.divergence(
          .actions, at: last, name: last.recorded?.name ?? "?",
          finding: "an effect sent \(ActionDescription(of: extra).name) after it; the recording "
            + "has no such action")
      }
      return nil
    }

    for input in inputs {
      if case .effect = input.origin {
        expected.append(input)
        continue
      }
      if let divergence = await settle(finally: false) {
        return ReplayResult(replayedActions: replayed, divergence: divergence)
      }
      if input.startNanoseconds > time {
        await clock.advance(by: .nanoseconds(input.startNanoseconds - time))
        time = input.startNanoseconds
      }
      if input.origin == .shared {
        // A change to a shared value made outside any action: put the recorded value back.
        do {
          try SharedInput.apply(
            payload: input.recorded?.payload, encoding: input.encoding, to: store.state)
        } catch {
          return ReplayResult(
            replayedActions: replayed,
            divergence: report.divergence(
              .actions, at: input, name: input.recorded?.name ?? "?", finding: "\(error)"))
        }
        report.remember(input, name: input.recorded?.name ?? "?")
        continue
      }
      guard let encoding = input.encoding,
        let action = try? decoder.decode(R.Action.self, from: Data(encoding))
      else {
        return ReplayResult(
          replayedActions: replayed,
          divergence: report.divergence(
            .actions, at: input, name: input.recorded?.name ?? "?",
            finding: "the recorded action no longer decodes as "
              + String(reflecting: R.Action.self)))
      }
      let name: String
      if let recorded = input.recorded?.name {
        name = recorded
      } else {
        name = ActionDescription(of: action).name
      }
      store.send(action)
      replayed += 1
      report.remember(input, name: name)
    }
    let divergence = await settle(finally: true)
    return ReplayResult(replayedActions: replayed, divergence: divergence)
  }

  /// Whether an actual action's `encoding` is the `recorded` one. A recording made before the
  /// recorder wrote ``TraceEncoder``'s bytes (`JSONEncoder` spells some values differently) is
  /// decoded and encoded again, so only a different value differs.
  static func isEncoding(
    _ encoding: [UInt8]?, of recorded: [UInt8]?, decoder: JSONDecoder, encoder: TraceEncoder
  ) -> Bool {
    if encoding == recorded { return true }
    guard let encoding, let recorded,
      let action = try? decoder.decode(R.Action.self, from: Data(recorded))
    else { return false }
    return (try? encoder.encode(action)) == encoding
  }
}
