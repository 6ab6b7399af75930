import ComposableRuntime
import Foundation
import RuntimeReflection
import StateReflection
import Trace

/// A hermetic replay of a recording with its inputs edited (``ReplayEdit``), run to the end: the
/// first action whose outcome differs from the recording's, the effects that started or stopped
/// differently, the outputs not delivered, the issues reported, and the state at a seq.
@MainActor
struct EditedReplay<R: Reducer> where R.State: Codable, R.Action: Codable {
  let reader: TraceReader
  let timeline: RecordedTimeline
  let reducer: R
  let actions: DecodedActions<R.Action>
  let edits: [ReplayEdit<R.Action>]
  /// Where to take ``ReplayResult/state``: after this seq (and what was inserted after it);
  /// `nil` for the end.
  let stateAt: Int64?
  let prepareDependencies: (inout DependencyValues) -> Void

  func run() throws -> ReplayResult {
    let steps = try self.steps()
    let engine = try ScriptedReplay(
      timeline: self.timeline, reducer: self.reducer, actions: self.actions,
      prepareDependencies: self.prepareDependencies)
    var comparison = OutcomeComparison<R>(reader: self.reader, timeline: self.timeline)
    // NB: Reflected when taken: a shared value in the state is a reference, which read at the
    // end would give the value the last action left.
    var stateThere: TraceValue?
    let summary: ScriptedReplay<R>.Summary
    do {
      summary = try engine.run(
        steps,
        start: { state in
          comparison.start(from: state)
          if self.stateAt != nil { stateThere = Reflection.value(of: state) }
        }
      ) { fed, state in
        try comparison.compare(fed, state)
        if let stateAt = self.stateAt, fed.key.seq <= stateAt {
          stateThere = Reflection.value(of: state)
        }
        return true
      }
    } catch let error as UndecodableInput {
      let input = self.timeline.inputs[error.index]
      return ReplayResult(
        replayedActions: comparison.compared,
        divergence: comparison.report.divergence(
          .actions, at: input, name: input.recorded?.name ?? "?", finding: error.message))
    }
    var result = ReplayResult(replayedActions: summary.fed, divergence: comparison.divergence)
    result.issues = summary.issues
    result.effectChanges = self.effectChanges(summary)
    result.droppedOutputs = summary.dropped.map { self.timeline.inputs[$0].seq }
    result.redeliveredOutputs = self.redeliveredOutputs(summary)
    result.state = stateThere ?? summary.finalState.map { Reflection.value(of: $0) }
    return result
  }

  /// The recording's inputs with the edits applied, checked against the trace.
  func steps() throws -> [ReplayStep<R.Action>] {
    var skipped: Set<Int64> = []
    var replaced: [Int64: R.Action] = [:]
    var inserted: [Int64: [R.Action]] = [:]
    let last = self.timeline.inputs.last?.seq ?? 0
    for edit in self.edits {
      let seq = edit.seq
      let known = self.timeline.indexOfSeq[seq] != nil
      switch edit {
      case .skip, .replace:
        guard known else {
          throw ReplayError(
            "\(self.reader.path): expected the seq of a recorded action (1 to \(last)) to "
              + "\(Self.verb(edit)), found \(seq)")
        }
        guard !skipped.contains(seq), replaced[seq] == nil else {
          throw ReplayError(
            "\(self.reader.path): #\(seq) is edited twice; expected at most one --skip or "
              + "--replace per action")
        }
        if case let .replace(_, action) = edit {
          replaced[seq] = action
        } else {
          skipped.insert(seq)
        }
      case let .insert(_, action):
        guard known || seq == 0 else {
          throw ReplayError(
            "\(self.reader.path): expected the seq of a recorded action (0 to \(last)) to "
              + "insert after, found \(seq)")
        }
        inserted[seq, default: []].append(action)
      }
    }
    var steps: [ReplayStep<R.Action>] = []
    steps.reserveCapacity(self.timeline.inputs.count + self.edits.count)
    for (n, action) in (inserted[0] ?? []).enumerated() {
      steps.append(.inserted(after: 0, n: n, action))
    }
    for (index, input) in self.timeline.inputs.enumerated() {
      if skipped.contains(input.seq) {
        steps.append(.skipped(index))
      } else if let action = replaced[input.seq] {
        steps.append(.replaced(index, action))
      } else {
        steps.append(.recorded(index))
      }
      for (n, action) in (inserted[input.seq] ?? []).enumerated() {
        steps.append(.inserted(after: input.seq, n: n, action))
      }
    }
    return steps
  }

  private static func verb(_ edit: ReplayEdit<R.Action>) -> String {
    switch edit {
    case .skip: "skip"
    case .replace: "replace"
    case .insert: "insert after"
    }
  }

  /// The recorded outputs of each replaced action's effects that were delivered all the same:
  /// the replacement started an effect in the original's place, which answered as recorded.
  func redeliveredOutputs(_ summary: ScriptedReplay<R>.Summary) -> [RedeliveredOutputs] {
    var notDelivered = Set(summary.dropped)
    for edit in self.edits {
      if case let .skip(seq) = edit, let index = self.timeline.indexOfSeq[seq] {
        notDelivered.insert(index)
      }
    }
    var redelivered: [RedeliveredOutputs] = []
    for case let .replace(seq, _) in self.edits {
      for id in self.timeline.effectsStarted[seq] ?? [] where summary.replayID[id] != nil {
        let outputs = (self.timeline.effects[id]?.outputs ?? [])
          .filter { !notDelivered.contains($0) }
          .map { self.timeline.inputs[$0].seq }
        if !outputs.isEmpty {
          redelivered.append(RedeliveredOutputs(seq: seq, effectID: id, outputs: outputs))
        }
      }
    }
    return redelivered.sorted { ($0.seq, $0.effectID) < ($1.seq, $1.effectID) }
  }

  /// The effects that started or stopped differently, in the order of the recorded effects,
  /// then those the recording does not have.
  func effectChanges(_ summary: ScriptedReplay<R>.Summary) -> [EffectChange] {
    var changes: [EffectChange] = []
    let skipped = Set(
      self.edits.compactMap { edit -> Int64? in
        if case let .skip(seq) = edit { seq } else { nil }
      })
    let dropped = Set(summary.dropped.map { self.timeline.inputs[$0].seq })
    for id in self.timeline.effects.keys.sorted() {
      let effect = self.timeline.effects[id]!
      let start = effect.row.start
      let name =
        "effect #\(id) ("
        + EffectLedger.describe(
          kind: start.kind.description, cancelIDs: start.cancelIDs, name: start.name,
          seq: start.actionSeq) + ")"
      guard let replayID = summary.replayID[id] else {
        let why =
          if skipped.contains(start.actionSeq) {
            "#\(start.actionSeq) was left out"
          } else if dropped.contains(start.actionSeq) {
            "#\(start.actionSeq) was not delivered"
          } else {
            "#\(start.actionSeq) no longer starts it"
          }
        changes.append(
          EffectChange(
            kind: .notStarted, seq: start.actionSeq, recordedID: id,
            description: "\(name) did not start: \(why); its outputs were not delivered"))
        continue
      }
      var cancelledHere: CancellationReason?
      if case let .cancelled(reason) = summary.outcome[replayID] {
        switch reason {
        case .cancelID, .cancelInFlight, .dismissed: cancelledHere = reason
        default: break
        }
      }
      if let reason = cancelledHere, !effect.cancelledByTheApp, effect.row.end != nil {
        changes.append(
          EffectChange(
            kind: .cancelled, seq: start.actionSeq, recordedID: id,
            description: "\(name) was cancelled (\(reason)); the recording did not cancel it"))
      } else if cancelledHere == nil, effect.cancelledByTheApp {
        changes.append(
          EffectChange(
            kind: .notCancelled, seq: start.actionSeq, recordedID: id,
            description: "\(name) was not cancelled; the recording cancelled it"))
      }
    }
    for (start, key) in summary.unmatched {
      let description = EffectLedger.describe(
        kind: EffectKind(start.kind).description,
        cancelIDs: start.cancelIDs.map { "\($0.base)" }, name: start.name, seq: key.seq)
      let which: String
      switch key {
      case .recorded: which = description
      case .inserted: which = description + " (inserted)"
      }
      changes.append(
        EffectChange(
          kind: .started, seq: key.seq, recordedID: nil,
          description: "\(which) started; the recording has no such effect, it delivered nothing"))
    }
    return changes
  }
}
