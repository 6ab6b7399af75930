import ComposableRuntime

/// An observer that writes every instrumentation event down as one line of text, so tests can
/// compare the exact sequence.
@MainActor
final class EventLog<State, Action>: StoreObserver {
  private(set) var lines: [String] = []
  private(set) var outcomes: [EffectID: [EffectOutcome]] = [:]
  private(set) var starts: [EffectStart] = []
  let describe: (Action) -> String

  /// By default an action is described without its type names: `middle(leaf(increment))`.
  init(
    describe: @escaping (Action) -> String = {
      "\($0)".replacing(#/(?:[A-Z][\w<>, ]*\.)+/#, with: "")
    }
  ) {
    self.describe = describe
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    switch origin {
    case .send: lines.append("receive #\(id.rawValue) \(describe(action)) from send")
    case let .effect(effect):
      lines.append("receive #\(id.rawValue) \(describe(action)) from effect #\(effect.rawValue)")
    }
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    lines.append("reduce #\(action.rawValue) begin")
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    lines.append("reduce #\(action.rawValue) end")
  }

  func scopeWillRun(_ path: ScopePath, action: ActionID) {
    lines.append("scope \(path.map(\.name).joined(separator: "/")) begin")
  }

  func scopeDidRun(_ path: ScopePath, action: ActionID) {
    lines.append("scope \(path.map(\.name).joined(separator: "/")) end")
  }

  func effectDidStart(_ effect: EffectStart) {
    starts.append(effect)
    let ids = effect.cancelIDs.map { "\($0.base)" }
    lines.append(
      "effect #\(effect.id.rawValue) \(effect.kind.rawValue) start from #\(effect.action.rawValue)"
        + (ids.isEmpty ? "" : " ids \(ids.joined(separator: ","))")
    )
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    outcomes[effect, default: []].append(outcome)
    lines.append("effect #\(effect.rawValue) \(outcome)")
  }

  /// Each effect in start order as `#id name-or-kind: outcome` (`running` while it runs).
  var effectSummary: [String] {
    starts.map { start in
      let outcome = outcomes[start.id].map { $0.map(\.description).joined(separator: ", ") }
      return "#\(start.id.rawValue) \(start.name ?? start.kind.rawValue): \(outcome ?? "running")"
    }
  }

  /// The lines about effects only.
  var effectLines: [String] { lines.filter { $0.hasPrefix("effect") } }
}
