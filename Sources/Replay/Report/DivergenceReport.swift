import StateReflection
import Trace

/// Writes a divergence as a report that reads like a good test failure: the action and where it
/// came from, what differs, and the five actions before it.
struct DivergenceReport {
  let reader: TraceReader
  /// The last five actions replayed, oldest first.
  private var recent: [(seq: Int64, name: String, origin: ActionRecord.Origin)] = []

  init(reader: TraceReader) {
    self.reader = reader
  }

  /// Remembers an action replayed without divergence, for the "before it" lines.
  mutating func remember(_ input: ReplayInput, name: String) {
    self.remember(seq: input.seq, name: name, origin: input.origin)
  }

  /// Remembers an action that has no recorded input (one an edited replay inserted).
  mutating func remember(seq: Int64, name: String, origin: ActionRecord.Origin) {
    if self.recent.count == 5 { self.recent.removeFirst() }
    self.recent.append((seq, name, origin))
  }

  /// A divergence of `kind` at `input`, with `finding` saying what differs.
  func divergence(
    _ kind: Divergence.Kind, at input: ReplayInput, name: String, finding: String,
    details: [String] = []
  ) -> Divergence {
    var lines = [
      "diverged at #\(input.seq) \(name) (\(kind.rawValue))",
      "  origin: \(Self.describe(input.origin))",
      "  \(finding)",
    ]
    lines += details
    switch self.recent.count {
    case 0: lines.append("  no actions before it")
    case 1: lines.append("  the action before it:")
    default: lines.append("  the \(self.recent.count) actions before it:")
    }
    for action in self.recent {
      lines.append("    #\(action.seq) \(action.name) (\(Self.describe(action.origin)))")
    }
    return Divergence(
      seq: input.seq, actionName: name, kind: kind,
      description: lines.joined(separator: "\n"))
  }

  /// A state divergence: the recorded change against the actual one, and the first paths where
  /// the state after the action differs, with both values.
  func stateDivergence(
    at input: ReplayInput, recorded: ActionRecord, actual: [DiffOperation], state: Any
  ) throws -> Divergence {
    var details = ["  recorded change:"]
    details += Self.lines(recorded.diff)
    details.append("  actual change:")
    details += Self.lines(actual)
    let recordedState = try self.reader.state(at: recorded.seq)
    let differences = recordedState.diff(to: Reflection.value(of: state))
    if !differences.isEmpty {
      details.append("  first differing paths (recorded → actual):")
      for operation in differences.prefix(5) {
        details.append("    " + Self.describe(operation))
      }
      if differences.count > 5 { details.append("    … and \(differences.count - 5) more") }
    }
    return self.divergence(
      .state, at: input, name: recorded.name,
      finding: "the state after it differs from the recorded state", details: details)
  }

  private static func lines(_ operations: [DiffOperation]) -> [String] {
    guard !operations.isEmpty else { return ["    (no change)"] }
    var lines = operations.prefix(8).map { "    \($0.description)" }
    if operations.count > 8 { lines.append("    … and \(operations.count - 8) more") }
    return lines
  }

  private static func describe(_ operation: DiffOperation) -> String {
    switch operation {
    case let .replace(path, old, new):
      "\(Self.name(path)): \(Self.preview(old)) → \(Self.preview(new))"
    case let .insert(path, value):
      "\(Self.name(path)): (absent) → \(Self.preview(value))"
    case let .remove(path, old):
      "\(Self.name(path)): \(Self.preview(old)) → (absent)"
    }
  }

  private static func name(_ path: TracePath) -> String {
    path.components.isEmpty ? "(root)" : path.description
  }

  private static func preview(_ value: TraceValue) -> String {
    let text = value.jsonText
    return text.count <= 80 ? text : String(text.prefix(79)) + "…"
  }

  static func describe(_ origin: ActionRecord.Origin) -> String {
    switch origin {
    case .send: "sent from outside"
    case let .effect(id): "sent back by effect #\(id)"
    }
  }
}
