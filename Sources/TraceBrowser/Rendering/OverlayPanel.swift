import Trace

/// The panels drawn over the list and the state: help, the effects alive at the cursor, the
/// scope timings of the cursor's action.
enum OverlayPanel {
  static let keys: [(String, String)] = [
    ("j ↓ / k ↑", "next / previous action"),
    ("PgDn / PgUp", "a page down / up"),
    ("g / G", "first / last action"),
    (": N Enter", "jump to action N"),
    ("/ TEXT Enter", "search action names forward"),
    ("n / N", "next / previous match"),
    ("w PATH Enter", "watch a state path (rows that changed it are marked ●)"),
    ("] / [", "next / previous change of the watched path"),
    ("e", "effects alive at the cursor"),
    ("s", "scope timings of the action"),
    ("Tab", "move between the action list and the state tree"),
    ("Enter / Space", "fold or unfold the selected state node"),
    ("F", "follow a trace still being written (any key stops)"),
    ("?", "this help"),
    ("Esc", "close a panel or a prompt"),
    ("q", "quit"),
  ]

  static func lines(_ overlay: Browser.Overlay, rows: Int) -> [StyledLine] {
    var lines: [StyledLine] = []
    switch overlay {
    case .help:
      lines.append(StyledLine(" Keys", .bold))
      for (keys, meaning) in Self.keys {
        var line = StyledLine(
          "   " + keys.padding(toLength: 16, withPad: " ", startingAt: 0), .accent)
        line.append(meaning)
        lines.append(line)
      }
    case let .effects(seq, effects):
      lines.append(StyledLine(" Effects alive after #\(seq): \(effects.count)", .bold))
      if effects.isEmpty { lines.append(StyledLine("   none", .dim)) }
      for effect in effects {
        let start = effect.start
        var line = StyledLine("   effect #\(start.id)", .accent)
        line.append("  \(start.kind)")
        if let name = start.name { line.append(" \"\(name)\"") }
        line.append(
          "  started by #\(start.actionSeq) at \(BrowserScreen.milliseconds(start.startNanoseconds)) ms",
          .dim)
        if !start.cancelIDs.isEmpty {
          line.append("  cancel ids \(start.cancelIDs.joined(separator: ", "))")
        }
        if let end = effect.end {
          line.append(
            "  then \(end.outcome.spelling.rawValue)\(end.outcome.reason.map { ": \($0)" } ?? "") at \(BrowserScreen.milliseconds(end.endNanoseconds)) ms"
          )
        } else {
          line.append("  still running", .changed)
        }
        if let location = start.location { line.append("  \(location)", .dim) }
        lines.append(line)
      }
    case let .scopes(seq, scopes):
      lines.append(StyledLine(" Scope timings of #\(seq): self / total ms, calls", .bold))
      if scopes.isEmpty { lines.append(StyledLine("   no child scope ran", .dim)) }
      for scope in scopes {
        let parts = scope.path.split(separator: "/")
        var line = StyledLine("   " + String(repeating: "  ", count: max(parts.count - 1, 0)))
        line.append(String(parts.last ?? ""), .accent)
        line.append(
          "  \(BrowserScreen.duration(scope.selfNanoseconds)) / "
            + "\(BrowserScreen.duration(scope.totalNanoseconds)) ms  ×\(scope.calls)")
        lines.append(line)
      }
    }
    if lines.count > rows - 1 {
      let hidden = lines.count - (rows - 2)
      lines = Array(lines.prefix(max(rows - 2, 0)))
      lines.append(StyledLine("   … \(hidden) more", .dim))
    }
    lines.append(StyledLine(" Esc or q to close", .dim))
    return lines
  }
}
