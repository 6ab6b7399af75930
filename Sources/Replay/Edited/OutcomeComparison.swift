import ComposableRuntime
import Foundation
import RuntimeReflection
import StateReflection
import Trace

/// Compares each action of an edited replay with the recorded action in its place until the
/// first whose outcome differs: the values it read, its own change to the state (chained from the
/// recorded hash before it, so an earlier edit does not make every later action differ), and the
/// effects it started and cancelled.
@MainActor
struct OutcomeComparison<R: Reducer> where R.State: Codable, R.Action: Codable {
  let timeline: RecordedTimeline
  private(set) var report: DivergenceReport
  /// The first difference, once found; nothing is compared after it.
  private(set) var divergence: Divergence?
  /// How many actions were compared.
  private(set) var compared = 0
  private var lastState: R.State?
  private let differ = StructuralDiff(redactedPaths: [])
  /// Shared values as of the step compared, as the recorder's worker kept them.
  private var sharedValues: SharedValueBook?

  init(reader: TraceReader, timeline: RecordedTimeline) {
    self.timeline = timeline
    self.report = DivergenceReport(reader: reader)
  }

  /// Takes the store's initial state, which the first action's change is taken from.
  ///
  /// NB: Not the recorded initial state decoded again: decoding sets the shared values it holds,
  /// so it would set a value the run had changed back to its initial one.
  mutating func start(from state: R.State) {
    self.lastState = state
  }

  mutating func compare(_ fed: ScriptedReplay<R>.Fed, _ state: R.State) throws {
    guard self.divergence == nil else { return }
    var sharedSteps: [ObjectIdentifier: SharedValueStep] = [:]
    if let baselines = fed.sharedBaselines, !fed.sharedChanges.isEmpty {
      let book = self.sharedValues ?? SharedValueBook(baselines: baselines)
      self.sharedValues = book
      sharedSteps = book.apply(fed.sharedChanges)
    }
    guard let action = fed.action else { return }
    guard let index = fed.index else {
      // An inserted action has nothing recorded to compare with; the next action's change is
      // taken from the state it left.
      self.lastState = state
      let name = "(inserted) " + ActionDescription(of: action).name
      self.report.remember(seq: fed.key.seq, name: name, origin: .send)
      return
    }
    self.compared += 1
    let input = self.timeline.inputs[index]
    let name = self.name(of: fed, input)
    if let read = fed.unexpectedRead {
      self.divergence = self.report.divergence(.dependencies, at: input, name: name, finding: read)
      return
    }
    if let recorded = input.recorded {
      // NB: Set by `start(from:)` before the first step.
      let previous: Any = self.lastState!
      var operations = self.differ.operations(from: previous, to: state)
      if let book = self.sharedValues, !sharedSteps.isEmpty {
        operations += book.operations(
          of: sharedSteps, in: state, besides: operations, differ: self.differ)
      }
      var hash = StateHash(value: self.timeline.hashBefore[index])
      if !operations.isEmpty {
        hash.chain(encodedOperations: DiffOperation.jsonText(of: operations))
      }
      if hash.value != recorded.stateHash {
        var shown = recorded
        shown.name = name
        self.divergence = try self.report.stateDivergence(
          at: input, recorded: shown, actual: operations, state: state)
        return
      }
      self.lastState = state
    }
    if let finding = self.effectsFinding(fed, input) {
      self.divergence = self.report.divergence(.effects, at: input, name: name, finding: finding)
      return
    }
    self.report.remember(input, name: name)
  }

  private func name(of fed: ScriptedReplay<R>.Fed, _ input: ReplayInput) -> String {
    let recorded = input.recorded?.name
    guard let action = fed.action else { return recorded ?? "?" }
    if fed.isReplacement { return "(replaced) " + ActionDescription(of: action).name }
    return recorded ?? ActionDescription(of: action).name
  }

  /// What differs in the effects the action started and cancelled, or `nil`.
  private func effectsFinding(_ fed: ScriptedReplay<R>.Fed, _ input: ReplayInput) -> String? {
    var ownStarted = 0
    for (start, key, recordedID) in fed.started {
      let actual = EffectLedger.describe(
        kind: EffectKind(start.kind).description,
        cancelIDs: start.cancelIDs.map { "\($0.base)" }, name: start.name, seq: key.seq)
      guard let recordedID, let effect = self.timeline.effects[recordedID] else {
        return "started an effect the recording does not have: \(actual)"
      }
      if key == fed.key { ownStarted += 1 }
      let recorded = effect.row.start
      let expected = EffectLedger.describe(
        kind: recorded.kind.description, cancelIDs: recorded.cancelIDs, name: recorded.name,
        seq: recorded.actionSeq)
      if expected != actual { return "started \(actual)\n    recorded: \(expected)" }
    }
    // NB: As a plain replay, the recorded effects of this action due now are those that started
    // before the next input; one a later end starts (a concatenation) is not due yet.
    let index = fed.index ?? 0
    let next =
      index + 1 < self.timeline.inputs.count
      ? self.timeline.inputs[index + 1].startNanoseconds : Int64.max
    if let ids = self.timeline.effectsStarted[input.seq], ownStarted < ids.count,
      let missing = self.timeline.effects[ids[ownStarted]]?.row.start,
      missing.startNanoseconds < next
    {
      return "did not start "
        + EffectLedger.describe(
          kind: missing.kind.description, cancelIDs: missing.cancelIDs, name: missing.name,
          seq: missing.actionSeq) + " (recorded as effect #\(missing.id))"
    }
    for (_, recordedID, reason) in fed.cancelled {
      // NB: An effect the recording has no end for may have ended after the recorder finished;
      // only a recorded finish or failure contradicts a cancellation, as in a plain replay.
      guard let recordedID, let effect = self.timeline.effects[recordedID],
        let end = effect.row.end
      else { continue }
      switch reason {
      case .cancelID, .cancelInFlight, .dismissed: break
      default: continue
      }
      if !effect.cancelledByTheApp {
        return "cancelled effect #\(recordedID) (\(reason)); the recording ended it \(end.outcome)"
      }
    }
    return nil
  }
}
