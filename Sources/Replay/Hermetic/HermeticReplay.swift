import ComposableRuntime
import Foundation
import RuntimeReflection
import StateReflection
import Trace

/// A hermetic replay: every recorded input fed, in order, to a store whose effects are tracked but
/// not run, on a `TestClock`, with the recorded dependency values; after each action the state
/// hash, the effects and the dependency reads are compared with the recording.
@MainActor
struct HermeticReplay<R: Reducer> where R.State: Codable, R.Action: Codable {
  let reader: TraceReader
  let reducer: R
  let start: StartingPoint<R.State>
  let prepareDependencies: (inout DependencyValues) -> Void

  func run() throws -> ReplayResult {
    let shared = SharedChangeLog()
    return try shared.listen { try self.run(shared: shared) }
  }

  private func run(shared: SharedChangeLog) throws -> ReplayResult {
    let inputs = try self.reader.replayInputs(after: self.start.seq)
    var ledger = EffectLedger(effects: try self.reader.effects(), after: self.start.seq)
    let playback = DependencyPlayback(
      values: try self.reader.dependencyValues(), after: self.start.seq)
    let clock = ReplayClock()
    let observer = ReplayObserver<R.State, R.Action>()
    let reducer = self.reducer
    let store = Store(initialState: self.start.state, effects: .tracked) {
      reducer
    } withDependencies: {
      $0.prepareForReplay(clock: clock, caller: self.prepareDependencies)
      // NB: After the caller's: the recorded values are what make the states comparable.
      playback.install(&$0)
    }
    store.observer = observer
    let decoder = JSONDecoder()
    var report = DivergenceReport(reader: self.reader)
    var chain = StateChain(
      hash: self.start.hash, state: store.state, sharedBaselines: shared.baselines)
    var seqOfAction: [Int64] = []
    var replayed = 0
    _ = shared.take()

    for (index, input) in inputs.enumerated() {
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
          let operations = chain.advance(to: store.state, sharedChanges: shared.take())
          if chain.hash.value != recorded.stateHash {
            return ReplayResult(
              replayedActions: replayed,
              divergence: try report.stateDivergence(
                at: input, recorded: recorded, actual: operations, state: store.state))
          }
          report.remember(input, name: recorded.name)
        }
        continue
      }
      let name = input.recorded?.name
      guard let encoding = input.encoding else {
        throw ReplayError("\(self.reader.path): action #\(input.seq) has no stored encoding")
      }
      let action: R.Action
      do {
        action = try decoder.decode(R.Action.self, from: Data(encoding))
      } catch {
        return ReplayResult(
          replayedActions: replayed,
          divergence: report.divergence(
            .actions, at: input, name: name ?? "?",
            finding: "the recorded action no longer decodes as \(String(reflecting: R.Action.self)): "
              + ReplayError.oneLine(error)))
      }
      let actionName: String
      if let name { actionName = name } else { actionName = ActionDescription(of: action).name }
      clock.set(nanoseconds: input.startNanoseconds)
      playback.currentSeq = input.seq
      seqOfAction.append(input.seq)
      store.send(action)
      replayed += 1
      let nextTime = index + 1 < inputs.count ? inputs[index + 1].startNanoseconds : nil
      for end in ledger.ends(before: nextTime) {
        store.endTrackedEffect(EffectLedger.replayID(at: end.position), outcome: end.outcome)
      }
      if let read = playback.takeUnexpectedRead() {
        return ReplayResult(
          replayedActions: replayed,
          divergence: report.divergence(.dependencies, at: input, name: actionName, finding: read))
      }
      if let recorded = input.recorded {
        let state = store.state
        let operations = chain.advance(to: state, sharedChanges: shared.take())
        if chain.hash.value != recorded.stateHash {
          return ReplayResult(
            replayedActions: replayed,
            divergence: try report.stateDivergence(
              at: input, recorded: recorded, actual: operations, state: state))
        }
      }
      if let unread = playback.unreadValues(of: input.seq) {
        return ReplayResult(
          replayedActions: replayed,
          divergence: report.divergence(.dependencies, at: input, name: actionName, finding: unread))
      }
      let started = observer.started
      let ended = observer.ended
      observer.started.removeAll(keepingCapacity: true)
      observer.ended.removeAll(keepingCapacity: true)
      do {
        if let finding = ledger.check(
          started: started, ended: ended,
          seqOfAction: { id in
            let index = Int(id.rawValue) - 1
            return index < seqOfAction.count ? seqOfAction[index] : nil
          }, before: nextTime)
        {
          return ReplayResult(
            replayedActions: replayed,
            divergence: report.divergence(.effects, at: input, name: actionName, finding: finding))
        }
      }
      report.remember(input, name: actionName)
    }
    return ReplayResult(replayedActions: replayed, divergence: nil)
  }
}
