import ComposableRuntime
import Foundation
import RuntimeReflection
import TestGenerationSupport
import Trace

/// A recording read for test generation: each input with today's reducer's state before and
/// after it, the effects each started, the recorded dependency values and the clock's sleeps.
struct RecordedSession<R: Reducer> where R.State: Codable & Equatable, R.Action: Codable {
  /// One input: an action sent from outside or sent back by an effect.
  struct Step {
    var seq: Int64
    var origin: ActionRecord.Origin
    var name: String
    var action: R.Action
    var before: R.State
    var after: R.State
    /// The recorded effects its reducer started, by id.
    var startedEffects: [Int64]
    /// The changes its reducer made to shared values (`@Shared`), in order: references, so the
    /// states before and after hold the same value; the test asserts them with `withLock`.
    var sharedChanges: [SharedChange] = []
    /// When the recorded reducer ran, on the recorder's clock (nanoseconds since the start).
    var startNanoseconds: Int64 = 0
    /// The app's clock when the recorded reducer ran, since the start (schema 8 on).
    var clockNanoseconds: Int64?
  }

  var reducer: R
  var initialState: R.State
  var steps: [Step]
  var effects: [Int64: EffectRow]
  /// Every uuid, date and random value the app read, reducers and effects alike, in order.
  var dependencyValues: [DependencyValueRecord]
  var sleeps: [ClockSchedule.Sleep]
  var hasClockRequests: Bool
  /// Whether effects were still running after the last step.
  var effectsInFlightAtEnd: Bool
  /// The values shared storage held before the run first changed them.
  var sharedBaselines = SharedBaselines()
  /// Changes to shared values made outside any action, put back in the run but not in the test.
  var sharedChangesLeftOut = 0
}

extension TestGenerator {
  /// Reads the recording up to `until` and runs its inputs through `reducer` with effects
  /// tracked, not run, to have today's states; fails when the reducer no longer does what the
  /// recording did. The reducer runs with `prepareDependencies` (those it calls itself, as its
  /// test gives them), in the replay and in the run alike.
  @MainActor
  func session<R: Reducer>(
    _ reducer: R, until: Int64?,
    withDependencies prepareDependencies: @escaping @MainActor (inout DependencyValues) -> Void
  ) async throws -> RecordedSession<R>
  where R.State: Codable & Equatable, R.Action: Codable {
    let result: ReplayResultSummary
    do {
      // NB: A replay runs the reducer on the main actor, where it prepares the dependencies too.
      let replayed = try await self.replay.run(reducer) { dependencies in
        MainActor.assumeIsolated { prepareDependencies(&dependencies) }
      }
      result = ReplayResultSummary(
        divergence: replayed.divergence.map { ($0.seq, $0.actionName, $0.kind.rawValue) })
    } catch {
      throw TestGenerationError("\(error)")
    }
    if let (seq, name, kind) = result.divergence, seq <= (until ?? .max) {
      throw TestGenerationError(
        "\(self.path): today's reducer diverges from the recording at #\(seq) \(name) (\(kind)); "
          + "a test generated now would assert today's behaviour (its `replay` shows where)")
    }
    do {
      return try self.readSession(reducer, until: until, withDependencies: prepareDependencies)
    } catch let error as TestGenerationError {
      throw error
    } catch {
      throw TestGenerationError("\(self.path): \(error)")
    }
  }

  /// - Parameters:
  ///   - keeping: the seqs to feed (the kept inputs and the outputs of their effects), or `nil`
  ///     for all.
  ///   - prepareDependencies: the dependencies the reducer calls itself, as its test gives them.
  @MainActor
  func readSession<R: Reducer>(
    _ reducer: R, until: Int64?, keeping: Set<Int64>? = nil,
    withDependencies prepareDependencies: @MainActor (inout DependencyValues) -> Void = { _ in }
  ) throws -> RecordedSession<R>
  where R.State: Codable & Equatable, R.Action: Codable {
    // NB: Shared storage of its own (as a replay has), so that running the recording writes
    // neither the app's `UserDefaults` nor its files; the log hears what each step changed.
    let log = SharedChangeLog()
    return try withDependencies {
      prepareDependencies(&$0)
      $0.isolateSharedStorage()
    } operation: {
      try log.listen {
        try self.readSession(reducer, until: until, keeping: keeping, sharedLog: log)
      }
    }
  }

  @MainActor
  private func readSession<R: Reducer>(
    _ reducer: R, until: Int64?, keeping: Set<Int64>?, sharedLog: SharedChangeLog
  ) throws -> RecordedSession<R>
  where R.State: Codable & Equatable, R.Action: Codable {
    let last = until ?? .max
    let recordedInputs = try self.reader.replayInputs().filter { $0.seq <= last }
    let inputs =
      keeping.map { kept in recordedInputs.filter { kept.contains($0.seq) } }
      ?? recordedInputs
    if let until, !recordedInputs.contains(where: { $0.seq == until }) {
      throw TestGenerationError(
        "\(self.path): expected --until to name a recorded seq, found #\(until), which the trace "
          + "does not have")
    }
    let initialState = try self.reader.initialState(as: R.State.self)
    let fed = Set(inputs.map(\.seq))
    let effectRows = try self.reader.effects().filter {
      $0.start.actionSeq <= last && fed.contains($0.start.actionSeq)
    }
    var effects: [Int64: EffectRow] = [:]
    var startedBy: [Int64: [Int64]] = [:]
    for row in effectRows {
      effects[row.start.id] = row
      startedBy[row.start.actionSeq, default: []].append(row.start.id)
    }
    let values = try self.reader.dependencyValues().filter { record in
      guard [.uuid, .date, .random].contains(record.dependency) else { return false }
      switch record.reader {
      case let .action(seq): return seq <= last && fed.contains(seq)
      case let .effect(id): return effects[id] != nil
      case .unknown: return until == nil && keeping == nil
      }
    }

    // Today's states, with effects tracked: the recorded effect outputs are inputs here.
    let reducerValues = values.filter {
      if case .action = $0.reader { true } else { false }
    }
    // NB: Decoded again: a state's `@Shared` values are references, and the session's initial
    // state must not see what the store's run writes to them.
    let store = TrackedStore(
      reducer: reducer, state: try self.reader.initialState(as: R.State.self),
      reducerValues: reducerValues
    ).make()
    let decoder = JSONDecoder()
    var steps: [RecordedSession<R>.Step] = []
    steps.reserveCapacity(inputs.count)
    var state = initialState
    var sharedChangesLeftOut = 0
    // NB: Decoding the states wrote their keys' values: the session starts from those.
    _ = sharedLog.take()
    sharedLog.baselines.removeAll()
    for input in inputs {
      if input.origin == .shared {
        try SharedInput.apply(
          payload: input.recorded?.payload, encoding: input.encoding, to: store.state)
        _ = sharedLog.take()
        sharedChangesLeftOut += 1
        state = store.state
        continue
      }
      guard let encoding = input.encoding else {
        throw TestGenerationError("\(self.path): action #\(input.seq) has no stored encoding")
      }
      let action = try decoder.decode(R.Action.self, from: Data(encoding))
      try TrackedStore<R>.send(Data(encoding), to: store)
      let after = store.state
      let name: String
      if let recorded = input.recorded {
        name = recorded.name
      } else {
        name = ActionDescription(of: action).name
      }
      steps.append(
        RecordedSession<R>.Step(
          seq: input.seq, origin: input.origin, name: name, action: action,
          before: state, after: after, startedEffects: startedBy[input.seq] ?? [],
          sharedChanges: sharedLog.take(), startNanoseconds: input.startNanoseconds,
          clockNanoseconds: input.recorded?.clockNanoseconds))
      state = after
    }
    let lastStart = inputs.last?.startNanoseconds ?? 0
    let inFlight = effectRows.contains { row in
      // NB: A presented child's long-lived effect is not one a test store asks the test to end
      // (it lives as long as the child); a child still presented at the end leaves it running.
      guard row.start.kind != .presentation else { return false }
      guard let end = row.end else { return true }
      if until != nil, end.endNanoseconds > lastStart { return true }
      if case let .cancelled(reason) = end.outcome {
        return [.storeReleased, .storeTaskCancelled].contains(reason.spelling)
      }
      return false
    }
    let clock = try self.clockSleeps(effects: effects)
    return RecordedSession(
      reducer: reducer, initialState: initialState, steps: steps, effects: effects,
      dependencyValues: values, sleeps: clock.sleeps, hasClockRequests: clock.recorded,
      effectsInFlightAtEnd: inFlight, sharedBaselines: sharedLog.baselines,
      sharedChangesLeftOut: sharedChangesLeftOut)
  }

  /// The sleeps the recorded effects asked the clock for, in order.
  func clockSleeps(effects: [Int64: EffectRow]) throws -> (
    sleeps: [ClockSchedule.Sleep], recorded: Bool
  ) {
    // NB: Traces before schema 4 hold no clock requests.
    guard self.reader.header.schemaVersion >= 4 else { return ([], false) }
    var sleeps: [ClockSchedule.Sleep] = []
    for request in try self.reader.clockRequests() where request.request == .sleep {
      guard case let .effect(id) = request.reader, effects[id] != nil else { continue }
      sleeps.append(ClockSchedule.Sleep(effect: id, nanoseconds: request.nanoseconds))
    }
    return (sleeps, true)
  }
}

/// Makes the store that runs today's reducer over the recorded inputs, with effects tracked, not
/// run, and the values of `uuid`, `date` and random the recorded reducers read.
@MainActor
private struct TrackedStore<R: Reducer> where R.State: Decodable {
  let reducer: R
  let state: R.State
  let reducerValues: [DependencyValueRecord]

  func make() -> Store<R.State, R.Action> {
    let reducer = self.reducer
    let reducerValues = self.reducerValues
    return Store(initialState: self.state, effects: .tracked) {
      reducer
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.stackElementID = .incrementing()
      $0.handBack(reducerValues)
    }
  }
}

extension TrackedStore {
  /// Sends the action encoded as `json` to `store`.
  ///
  /// NB: An issue the recorded app had (an action for a child whose state is gone) is the test's
  /// to report, not the generator's: issues are silenced here.
  static func send(_ json: Data, to store: Store<R.State, R.Action>) throws
  where R.Action: Decodable {
    // NB: `withIssueReporters` runs its closure at once, on this actor; nothing else sees it.
    nonisolated(unsafe) let action = try JSONDecoder().decode(R.Action.self, from: json)
    withIssueReporters([]) { _ = store.send(action) }
  }
}

/// The part of a replay's result generation needs.
private struct ReplayResultSummary {
  var divergence: (Int64, String, String)?
}
