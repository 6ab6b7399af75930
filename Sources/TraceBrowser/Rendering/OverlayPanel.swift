import Trace

/// The panels drawn over the list and the state: help, the effects alive at the cursor, the
/// scope timings of the cursor's action, the why chain of a path.
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
    ("y PATH Enter", "why the value at PATH is what it is (the watched path by default)"),
    ("f PRED Enter", "next action after which a predicate holds (counter.count > 10)"),
    ("o", "the action that started the effect which sent this one"),
    ("'", "back to where o, f or a why row jumped from"),
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
    case let .why(seq, cause, selected):
      lines += Self.why(cause, seq: seq, selected: selected)
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
    if case .why = overlay {
      lines.append(StyledLine(" j / k choose, Enter jumps to the action", .dim))
    }
    if lines.count > rows - 1 {
      let hidden = lines.count - (rows - 2)
      lines = Array(lines.prefix(max(rows - 2, 0)))
      lines.append(StyledLine("   … \(hidden) more", .dim))
    }
    lines.append(StyledLine(" Esc or q to close", .dim))
    return lines
  }

  /// The why chain: the value, then one row per link with its change; the selected row marked.
  private static func why(_ cause: ValueCause, seq: Int64, selected: Int) -> [StyledLine] {
    let path = cause.path.description.isEmpty ? "(root)" : cause.path.description
    var lines = [
      StyledLine(" Why \(path) = \(cause.value.oneLine(limit: 60)) after #\(seq)", .bold)
    ]
    if cause.chain.isEmpty {
      lines.append(StyledLine("   the same since the initial state", .dim))
    }
    for (index, link) in cause.chain.enumerated() {
      var line = StyledLine(index == selected ? " ▶ " : "   ", .accent)
      line.append(String(repeating: "  ", count: index))
      line.append("#\(link.seq) ", .accent)
      line.append(link.isRecorded ? link.name : "(not recorded: deny-listed)", .bold)
      if index == 0 {
        line.append("  set it")
      }
      if let change = link.change {
        line.append(
          "  \(change.old?.oneLine(limit: 30) ?? "(absent)") → "
            + (change.new?.oneLine(limit: 30) ?? "(absent)"), .changed)
      }
      if let effect = link.effect {
        line.append(
          "  sent by effect #\(effect.id) \(effect.kind.rawValue)"
            + (effect.location.map { " at \($0)" } ?? ""), .dim)
      } else if link.isOriginKnown, link.origin == .send {
        line.append(
          "  sent from outside" + (link.site.map { " at \($0)" } ?? ""), .dim)
      }
      lines.append(line)
      lines += Self.reads(of: link, indent: 5 + 2 * index)
    }
    return lines
  }

  /// The paths a link's action read, each with the action that set it, and under each what that
  /// action read in turn.
  private static func reads(of link: ValueCause.Link, indent: Int) -> [StyledLine] {
    link.reads.flatMap { read -> [StyledLine] in
      var line = StyledLine(String(repeating: " ", count: indent) + "computed from ", .dim)
      line.append(read.path.description, .bold)
      line.append(" = " + (read.value?.oneLine(limit: 30) ?? "(absent)"))
      guard let setter = read.setBy else {
        line.append(", unchanged since the initial state", .dim)
        return [line]
      }
      line.append(", set by ", .dim)
      line.append("#\(setter)", .accent)
      if let first = read.chain.first {
        line.append(" " + (first.isRecorded ? first.name : "(not recorded)"))
        for starter in read.chain.dropFirst() {
          line.append(" ← effect of ", .dim)
          line.append("#\(starter.seq) ", .accent)
          line.append(starter.isRecorded ? starter.name : "(not recorded)")
        }
      } else {
        line.append(read.shownElsewhere ? " (above)" : " (deeper)", .dim)
      }
      return [line] + read.chain.flatMap { Self.reads(of: $0, indent: indent + 2) }
    }
  }
}
