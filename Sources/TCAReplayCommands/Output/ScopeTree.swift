import Trace

/// The child scopes that ran for one action, as an indented tree with self and total time.
///
/// ```
/// #36 items.destination.presented.editor.nameChanged  reducer 0.215 ms
///   items                    self 0.031 ms  total 0.120 ms
///     $destination           self 0.080 ms  total 0.089 ms
///       editor               self 0.009 ms  total 0.009 ms
/// ```
public enum ScopeTree {
  public static func text(action: ActionRecord, scopes: [ScopeRecord], style: TextStyle) -> String {
    var lines = [
      style.dim("#\(action.seq)") + " " + style.bold(action.name) + "  reducer "
        + Milliseconds.format(action.durationNanoseconds)
    ]
    if scopes.isEmpty { lines.append("  (no child scopes ran)") }
    let rows = scopes.sorted { $0.path < $1.path }.map { scope in
      let components = scope.path.split(separator: "/", omittingEmptySubsequences: false)
      let label =
        String(repeating: "  ", count: components.count) + (components.last.map(String.init) ?? "")
      return (label, scope)
    }
    let width = rows.map(\.0.count).max() ?? 0
    for (label, scope) in rows {
      var line =
        ActionLine.pad(label, width) + "  self "
        + ActionLine.pad(
          Milliseconds.format(scope.selfNanoseconds), 9, right: true) + "  total "
        + ActionLine.pad(Milliseconds.format(scope.totalNanoseconds), 9, right: true)
      if scope.calls != 1 { line += style.dim("  (\(scope.calls) calls)") }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  public static func json(action: ActionRecord, scopes: [ScopeRecord]) -> TraceValue {
    JSONOutput.object([
      ("seq", .int(action.seq)),
      ("name", .string(action.name)),
      ("durationNs", .int(action.durationNanoseconds)),
      (
        "scopes",
        .array(
          scopes.sorted { $0.path < $1.path }.map { scope in
            JSONOutput.object([
              ("path", .string(scope.path)),
              ("selfNs", .int(scope.selfNanoseconds)),
              ("totalNs", .int(scope.totalNanoseconds)),
              ("calls", .int(scope.calls)),
            ])
          })
      ),
    ])
  }
}
