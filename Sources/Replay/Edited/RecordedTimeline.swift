import ComposableRuntime
import Foundation
import Trace

/// A recording read once for the replays that change it (edited replays and chaos runs): its
/// inputs in order, its effects matched by the action that started them and their place among
/// that action's effects, where each recorded end falls, and the dependency values by seq.
///
/// NB: Built once per ``Replay`` and shared by every run, so that a caller replaying a
/// 1,000-input trace hundreds of times (a shrinker) reads the trace once.
final class RecordedTimeline: Sendable {
  /// Every input after the initial state, in seq order.
  let inputs: [ReplayInput]
  /// The index in ``inputs`` of each seq.
  let indexOfSeq: [Int64: Int]
  /// The recorded effects by id.
  let effects: [Int64: RecordedEffect]
  /// The recorded effects each action started, by the action's seq, in start order.
  let effectsStarted: [Int64: [Int64]]
  /// The recorded chained state hash before each input, by input index: where an action's own
  /// change is chained from to compare it with the recorded one.
  let hashBefore: [Int64]
  /// The initial state's exact encoding and chained hash.
  let initialState: Data
  let initialHash: StateHash
  /// The values reducers read, by the seq that read them and by dependency, in order.
  let dependencyValues: [Int64: [DependencyValueRecord.Dependency: [String]]]
  /// Values recorded once (calendar, time zone, locale).
  let onceValues: [DependencyValueRecord.Dependency: String]
  /// The recorded ends due after each input, by input index: the ends a replay hands out itself
  /// (finished, failed, or ended from outside the app), as the plain replay does.
  let endsAfter: [Int: [Int64]]

  /// A recorded effect as the changed replays use it.
  struct RecordedEffect: Sendable {
    let row: EffectRow
    /// Its place among the effects of the action that started it (from 0).
    let place: Int
    /// The indices in ``RecordedTimeline/inputs`` of the actions it sent back, in order.
    var outputs: [Int] = []
    /// How the replay ends it itself, when the recording ended it other than by the app.
    var end: EffectOutcome? = nil
    /// Whether the app cancelled it (`cancel(id:)`, `cancelInFlight`, a dismissed parent).
    var cancelledByTheApp = false

    var id: Int64 { self.row.start.id }
    var kind: EffectKind { self.row.start.kind }
  }

  init(reader: TraceReader) throws {
    let inputs = try reader.replayInputs(after: 0)
    self.inputs = inputs
    var indexOfSeq: [Int64: Int] = [:]
    for (index, input) in inputs.enumerated() { indexOfSeq[input.seq] = index }
    self.indexOfSeq = indexOfSeq

    var effects: [Int64: RecordedEffect] = [:]
    var started: [Int64: [Int64]] = [:]
    for row in try reader.effects() where row.start.actionSeq > 0 {
      let place = started[row.start.actionSeq, default: []].count
      started[row.start.actionSeq, default: []].append(row.start.id)
      var effect = RecordedEffect(row: row, place: place)
      switch row.end?.outcome {
      // NB: `ended` (a recording through TCA's public API) cannot say it was cancelled by id, so
      // it is replayed as the end it most often is.
      case .finished, .ended: effect.end = .finished
      case let .failed(error): effect.end = .failed(RecordedFailure(error))
      case let .cancelled(reason):
        if EffectLedger.isCancellationByTheApp(reason) {
          effect.cancelledByTheApp = true
        } else {
          effect.end = .finished
        }
      case nil: break
      }
      effects[row.start.id] = effect
    }
    for (index, input) in inputs.enumerated() {
      if case let .effect(id) = input.origin { effects[id]?.outputs.append(index) }
    }
    self.effectsStarted = started

    // NB: As the plain replay: an end is handed out after the last input that started before
    // it, that is before the first input that starts after it.
    var endsAfter: [Int: [Int64]] = [:]
    let ends = effects.values.compactMap { effect -> (Int64, Int64)? in
      guard effect.end != nil, let end = effect.row.end else { return nil }
      return (end.endNanoseconds, effect.id)
    }.sorted { $0 < $1 }
    for (time, id) in ends {
      var low = 0
      var high = inputs.count
      while low < high {
        let middle = (low + high) / 2
        if inputs[middle].startNanoseconds > time { high = middle } else { low = middle + 1 }
      }
      endsAfter[max(low - 1, 0), default: []].append(id)
    }
    self.endsAfter = endsAfter
    self.effects = effects

    guard let keyframe = try reader.codableKeyframe(atOrBefore: 0), keyframe.seq == 0 else {
      throw ReplayError("\(reader.path): no Codable keyframe of the initial state")
    }
    self.initialState = keyframe.json
    self.initialHash = StateHash(initial: try reader.state(at: 0))
    var hashBefore: [Int64] = []
    hashBefore.reserveCapacity(inputs.count)
    var hash = self.initialHash.value
    for input in inputs {
      hashBefore.append(hash)
      if let recorded = input.recorded { hash = recorded.stateHash }
    }
    self.hashBefore = hashBefore

    var values: [Int64: [DependencyValueRecord.Dependency: [String]]] = [:]
    var once: [DependencyValueRecord.Dependency: String] = [:]
    for record in try reader.dependencyValues() {
      switch (record.dependency, record.reader) {
      case (.calendar, _), (.timeZone, _), (.locale, _): once[record.dependency] = record.value
      case let (dependency, .action(seq)):
        values[seq, default: [:]][dependency, default: []].append(record.value)
      default: break
      }
    }
    self.dependencyValues = values
    self.onceValues = once
  }

  /// The recorded effect `action` started at `place`, if the recording has one.
  func effect(startedBy seq: Int64, at place: Int) -> RecordedEffect? {
    guard let ids = self.effectsStarted[seq], place < ids.count else { return nil }
    return self.effects[ids[place]]
  }
}
