import ComposableRuntime
import Foundation
import IssueReporting
import RuntimeReflection
import Trace

/// Feeds a changed list of a recording's inputs (``ReplayStep``s) to a store whose effects are
/// tracked, not run: the engine under edited replays and chaos runs.
///
/// The recorded effects are matched by the action that started them and their place among that
/// action's effects. An effect's recorded output is delivered only while the effect it came from
/// runs in this replay: an output whose effect never started here (its starting action was left
/// out, or no longer starts it) or was cancelled before it is dropped, as the runtime would.
/// Effects this replay starts that the recording never had deliver nothing. A recorded end
/// (finished, failed) is handed out where the recording had it, but never before the effect's
/// last output.
@MainActor
final class ScriptedReplay<R: Reducer> where R.State: Codable, R.Action: Codable {
  /// What one fed step did: the action's key and input, the effects it started (matched to the
  /// recording's where they can be) and cancelled, and a read the recording does not have.
  struct Fed {
    let key: StepKey
    let index: Int?
    /// `nil` for a step that fed nothing (left out, or an output dropped).
    let action: R.Action?
    /// Whether `action` was sent in place of the recorded one.
    var isReplacement = false
    var started: [(start: EffectStart, key: StepKey, recorded: Int64?)] = []
    var cancelled: [(id: EffectID, recorded: Int64?, reason: CancellationReason)] = []
    var unexpectedRead: String?
    /// The changes to shared values the step made (or, for a change recorded outside any
    /// action, put back), in order.
    var sharedChanges: [SharedChange] = []
    /// The values shared storage had before this run first changed them.
    var sharedBaselines: SharedBaselines?
  }

  /// What a whole run did beside what each step reported.
  struct Summary {
    var fed = 0
    /// Recorded outputs not delivered, by input index.
    var dropped: [Int] = []
    var issues: [String] = []
    /// Recorded effect id → this run's effect, and how each of this run's effects ended.
    var replayID: [Int64: EffectID] = [:]
    var outcome: [EffectID: EffectOutcome] = [:]
    /// This run's effects the recording does not have.
    var unmatched: [(start: EffectStart, key: StepKey)] = []
    /// The store's state when the run ended.
    var finalState: R.State?
  }

  let timeline: RecordedTimeline
  let reducer: R
  private let actions: DecodedActions<R.Action>
  /// The caller's dependencies: what the reducer itself calls as it runs answers from them.
  private let prepareDependencies: (inout DependencyValues) -> Void

  init(
    timeline: RecordedTimeline, reducer: R, actions: DecodedActions<R.Action>,
    prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) throws {
    self.prepareDependencies = prepareDependencies
    self.timeline = timeline
    self.reducer = reducer
    self.actions = actions
    // NB: Decoded here once to fail early on a state that no longer decodes; each run decodes
    // its own, because shared values in it are references a run changes.
    _ = try JSONDecoder().decode(R.State.self, from: timeline.initialState)
  }

  /// Runs `steps`, calling `start` with the store's initial state, then `afterEach` with each fed
  /// step and the store's state after it; `afterEach` returns `false` to stop. Throws
  /// ``UndecodableInput`` for a recorded action that no longer decodes, and a ``ReplayError`` for
  /// steps that deliver an output before the action that started its effect.
  func run(
    _ steps: [ReplayStep<R.Action>], issues collector: IssueCollector = IssueCollector(),
    start: (R.State) throws -> Void = { _ in }, afterEach: (Fed, R.State) throws -> Bool
  ) throws -> Summary {
    // NB: Each run has shared storage of its own (as a plain replay does), so that putting back
    // a recorded setting neither writes the app's own nor leaks into the next run.
    var summary = try withDependencies { $0.isolateSharedStorage() } operation: {
      let shared = SharedChangeLog()
      return try shared.listen {
        try withIssueReporters([collector]) {
          try self.feed(steps, shared: shared, start: start, afterEach: afterEach)
        }
      }
    }
    summary.issues = collector.reported
    return summary
  }

  private func feed(
    _ steps: [ReplayStep<R.Action>], shared: SharedChangeLog,
    start: (R.State) throws -> Void, afterEach: (Fed, R.State) throws -> Bool
  ) throws -> Summary {
    let timeline = self.timeline
    let clock = ReplayClock()
    let playback = KeyedPlayback(timeline: timeline)
    let observer = ReplayObserver<R.State, R.Action>()
    let reducer = self.reducer
    // NB: The store's initial state is an autoclosure; the decoded value goes to it alone.
    nonisolated(unsafe) let initialState = try self.decodedInitialState()
    let store = Store(initialState: initialState, effects: .tracked) {
      reducer
    } withDependencies: {
      $0.prepareForReplay(clock: clock, caller: self.prepareDependencies)
      playback.install(&$0)
    }
    store.observer = observer
    _ = shared.take()
    try start(store.state)

    var summary = Summary()
    var keyOfAction: [StepKey] = []
    var startedPerKey: [StepKey: Int] = [:]
    var recordedOf: [EffectID: Int64] = [:]
    var processed = [Bool](repeating: false, count: timeline.inputs.count)
    var outputsLeft: [Int64: Int] = [:]
    var pendingEnds: Set<Int64> = []
    var lastTime: Int64 = 0

    /// Takes what the store's effects did since the last call into `fed`.
    func collect(into fed: inout Fed) {
      for start in observer.started {
        let key = keyOfAction[Int(start.action.rawValue) - 1]
        let place = startedPerKey[key, default: 0]
        startedPerKey[key] = place + 1
        var recorded: Int64?
        if case let .recorded(seq) = key, let effect = timeline.effect(startedBy: seq, at: place) {
          recorded = effect.id
          summary.replayID[effect.id] = start.id
          recordedOf[start.id] = effect.id
        } else {
          summary.unmatched.append((start, key))
        }
        fed.started.append((start, key, recorded))
      }
      for (id, outcome) in observer.ended {
        summary.outcome[id] = outcome
        if case let .cancelled(reason) = outcome {
          fed.cancelled.append((id, recordedOf[id], reason))
        }
      }
      observer.started.removeAll(keepingCapacity: true)
      observer.ended.removeAll(keepingCapacity: true)
    }

    /// Ends the recorded effect `id` in this run, as the recording ended it.
    func end(_ id: Int64, into fed: inout Fed) {
      pendingEnds.remove(id)
      guard let replayID = summary.replayID[id], let outcome = timeline.effects[id]?.end else {
        return
      }
      store.endTrackedEffect(replayID, outcome: outcome)
      collect(into: &fed)
    }

    /// Marks input `index` as passed: the ends due after it are handed out, those whose effect
    /// has outputs still to come wait for the last of them.
    func pass(_ index: Int, into fed: inout Fed) {
      processed[index] = true
      if case let .effect(id) = timeline.inputs[index].origin {
        let left = outputsLeft[id, default: timeline.effects[id]?.outputs.count ?? 0] - 1
        outputsLeft[id] = left
        if left <= 0, pendingEnds.contains(id) { end(id, into: &fed) }
      }
      for id in timeline.endsAfter[index] ?? [] {
        let left = outputsLeft[id, default: timeline.effects[id]?.outputs.count ?? 0]
        if left <= 0 { end(id, into: &fed) } else { pendingEnds.insert(id) }
      }
    }

    feeding: for step in steps {
      let key: StepKey
      let action: R.Action
      var fed: Fed
      switch step {
      case let .skipped(index):
        lastTime = timeline.inputs[index].startNanoseconds
        var ignored = Fed(key: .recorded(timeline.inputs[index].seq), index: index, action: nil)
        pass(index, into: &ignored)
        continue
      case let .recorded(index), let .replaced(index, _):
        let input = timeline.inputs[index]
        if input.origin == .shared {
          // A change to a shared value made outside any action: put the recorded value back.
          lastTime = input.startNanoseconds
          var outside = Fed(key: .recorded(input.seq), index: index, action: nil)
          try SharedInput.apply(
            payload: input.recorded?.payload, encoding: input.encoding, to: store.state)
          outside.sharedChanges = shared.take()
          outside.sharedBaselines = shared.baselines
          pass(index, into: &outside)
          guard try afterEach(outside, store.state) else { break feeding }
          continue
        }
        if case let .effect(id) = input.origin, !(try self.delivers(id, summary, processed)) {
          summary.dropped.append(index)
          lastTime = input.startNanoseconds
          var ignored = Fed(key: .recorded(input.seq), index: index, action: nil)
          pass(index, into: &ignored)
          continue
        }
        key = .recorded(input.seq)
        if case let .replaced(_, replacement) = step {
          action = replacement
        } else {
          action = try self.actions.action(at: index, in: timeline)
        }
        lastTime = input.startNanoseconds
        fed = Fed(key: key, index: index, action: action)
        if case .replaced = step { fed.isReplacement = true }
      case let .inserted(after, n, inserted):
        key = .inserted(after: after, n: n)
        action = inserted
        fed = Fed(key: key, index: nil, action: action)
      }
      clock.set(nanoseconds: lastTime)
      playback.begin(fed.index == nil ? nil : key.seq)
      keyOfAction.append(key)
      store.send(action)
      summary.fed += 1
      fed.unexpectedRead = playback.take()
      fed.sharedChanges = shared.take()
      fed.sharedBaselines = shared.baselines
      collect(into: &fed)
      if let index = fed.index { pass(index, into: &fed) }
      guard try afterEach(fed, store.state) else { break feeding }
    }
    summary.finalState = store.state
    return summary
  }

  /// The recorded initial state, decoded anew: shared values in it are references a run changes.
  private func decodedInitialState() throws -> R.State {
    try JSONDecoder().decode(R.State.self, from: self.timeline.initialState)
  }

  /// Whether the output of recorded effect `id` is delivered now: its effect runs in this replay
  /// and was not cancelled. Throws when the effect's starting action is still to come.
  private func delivers(_ id: Int64, _ summary: Summary, _ processed: [Bool]) throws -> Bool {
    guard let effect = self.timeline.effects[id] else { return true }
    if let replayID = summary.replayID[id] {
      if case .cancelled = summary.outcome[replayID] { return false }
      return true
    }
    let starter = effect.row.start.actionSeq
    if let index = self.timeline.indexOfSeq[starter], !processed[index] {
      throw ReplayError(
        "an output of effect #\(id) is delivered before #\(starter), the action that starts it")
    }
    return false
  }
}
