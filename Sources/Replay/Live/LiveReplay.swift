import ComposableRuntime
import Foundation
import RuntimeReflection
import Trace

/// A replay with live effects: only the inputs sent from outside are fed; the effects run for
/// real on a `TestClock` with the caller's dependencies. As in a hermetic replay, the reducers
/// and the effects get the recorded `uuid`, `date` and random values, and after every action the
/// state is compared with the recording's; the actions effects send back are compared, by name
/// and payload (their exact encodings), with the recorded ones. The first difference, in the
/// recording's order, is reported.
///
/// The clock advances by the recorded time between two sent inputs (on the app's clock where the
/// trace has it, schema 8 on; else on the recorder's), then in steps of
/// ``stepNanoseconds`` (50 ms) while an action the recording expects from an effect has not arrived (up to
/// ``patience``): a recording's times are the real ones, while an app under test may have run on
/// a clock of its own.
@MainActor
struct LiveReplay<R: Reducer> where R.State: Codable, R.Action: Codable {
  let reader: TraceReader
  let reducer: R
  let start: StartingPoint<R.State>
  let prepareDependencies: (inout DependencyValues) -> Void

  static var stepNanoseconds: Int64 { 50_000_000 }
  static var patience: Int { 1_200 }

  func run() async throws -> ReplayResult {
    let shared = SharedChangeLog()
    SharedChangeObservers.add(shared)
    defer { SharedChangeObservers.remove(shared) }
    return try await self.run(shared: shared)
  }

  private func run(shared: SharedChangeLog) async throws -> ReplayResult {
    let inputs = try self.reader.replayInputs(after: self.start.seq)
    let playback = DependencyPlayback(
      values: try self.reader.dependencyValues(), after: self.start.seq, effects: true)
    let clock = TestClock()
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
      // NB: After the caller's: the recorded values are what make the states comparable, as in
      // a hermetic replay. Clocks stay the test clock.
      playback.install(&$0)
    }
    let observer = LiveObserver<R.State, R.Action>(
      inputs: inputs, effects: try self.reader.effects(),
      chain: StateChain(
        hash: self.start.hash, state: store.state, sharedBaselines: shared.baselines),
      playback: playback, shared: shared)
    _ = shared.take()
    store.observer = observer
    let decoder = JSONDecoder()
    let encoder = TraceEncoder()
    var report = DivergenceReport(reader: self.reader)
    /// The index in `inputs` of the next input to compare.
    var compared = 0
    var replayed = 0
    var effectOutputs = 0
    var time = inputs.first?.clockTime ?? 0

    /// Compares the inputs before `end` with what the store did, in the recording's order.
    func compare(upTo end: Int) throws -> Divergence? {
      while compared < end {
        let input = inputs[compared]
        if input.origin == .shared {
          // Compared when it was fed.
          compared += 1
          continue
        }
        guard let reduced = observer.take(input.seq) else {
          return report.divergence(
            .actions, at: input, name: input.recorded?.name ?? "?",
            finding: "no effect sent it: the recording has it sent back by an effect")
        }
        let name = input.recorded?.name ?? ActionDescription(of: reduced.action).name
        if case .effect = input.origin {
          let encoding = try? encoder.encode(reduced.action)
          if !Self.isEncoding(encoding, of: input.encoding, decoder: decoder, encoder: encoder) {
            let actualName = ActionDescription(of: reduced.action).name
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
        }
        if let seq = playback.unexpectedReadSeq, seq <= input.seq,
          let read = playback.takeUnexpectedRead()
        {
          return report.divergence(.dependencies, at: input, name: name, finding: read)
        }
        if let recorded = input.recorded, let change = reduced.change,
          change.hash != recorded.stateHash
        {
          return try report.stateDivergence(
            at: input, recorded: recorded, actual: change.operations, state: reduced.state)
        }
        if let unread = playback.unreadValues(of: input.seq) {
          return report.divergence(.dependencies, at: input, name: name, finding: unread)
        }
        report.remember(input, name: name)
        replayed += 1
        compared += 1
      }
      return nil
    }

    /// Waits for the actions effects send back before the input at `end`, then compares.
    func settle(before end: Int) async throws -> Divergence? {
      // NB: First to when the last of the awaited actions came on the app's clock, where the
      // trace has it; then in steps, for a recording on another clock.
      if observer.effectActions < effectOutputs,
        let due = inputs[compared..<end].compactMap(\.recorded?.clockNanoseconds).max(), due > time
      {
        await clock.advance(by: .nanoseconds(due - time))
        time = due
      }
      var steps = 0
      while observer.effectActions < effectOutputs, steps < Self.patience {
        await clock.advance(by: .nanoseconds(Self.stepNanoseconds))
        time += Self.stepNanoseconds
        steps += 1
      }
      await Task.megaYield()
      return try compare(upTo: end)
    }

    for (index, input) in inputs.enumerated() {
      if case .effect = input.origin {
        effectOutputs += 1
        continue
      }
      if let divergence = try await settle(before: index) {
        return ReplayResult(replayedActions: replayed, divergence: divergence)
      }
      if input.clockTime > time {
        await clock.advance(by: .nanoseconds(input.clockTime - time))
        time = input.clockTime
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
        if let recorded = input.recorded {
          let operations = observer.advance(to: store.state)
          if observer.chain.hash.value != recorded.stateHash {
            return ReplayResult(
              replayedActions: replayed,
              divergence: try report.stateDivergence(
                at: input, recorded: recorded, actual: operations, state: store.state))
          }
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
      observer.sentSeq = input.seq
      store.send(action)
    }
    if let divergence = try await settle(before: inputs.count) {
      return ReplayResult(replayedActions: replayed, divergence: divergence)
    }
    if let extra = observer.extraEffectActions.first, let last = inputs.last {
      return ReplayResult(
        replayedActions: replayed,
        divergence: report.divergence(
          .actions, at: last, name: last.recorded?.name ?? "?",
          finding: "an effect sent \(ActionDescription(of: extra).name) after it; the recording "
            + "has no such action"))
    }
    return ReplayResult(replayedActions: replayed, divergence: nil)
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
