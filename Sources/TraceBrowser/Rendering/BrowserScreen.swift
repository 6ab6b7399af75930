import Foundation
import Trace

/// Draws the interactive view: a pure function from its state and the terminal's size to the
/// screen's lines, each exactly as wide as the terminal.
///
/// ```swift
/// let lines = BrowserScreen.lines(for: store.state, size: size, palette: .plain)
/// // lines.last == "#4/45 counter.internal.timerTicked …"
/// ```
public enum BrowserScreen {
  /// The screen's lines, top to bottom: title, list beside state (or an overlay), the diff of the
  /// action at the cursor, status.
  public static func lines(
    for state: Browser.State, size: TerminalSize, palette: Palette
  ) -> [String] {
    let layout = BrowserLayout(size: size)
    let width = layout.size.columns
    var lines: [String] = []
    lines.append(self.title(state).rendered(width: width, palette: palette, fill: .title))
    if let overlay = state.overlay {
      let panel = OverlayPanel.lines(overlay, rows: layout.mainRows)
      for row in 0..<layout.mainRows {
        lines.append(
          (row < panel.count ? panel[row] : StyledLine()).rendered(width: width, palette: palette))
      }
    } else {
      let list = ActionList(state: state, layout: layout)
      let tree = TreePane(state: state, layout: layout)
      for row in 0..<layout.mainRows {
        lines.append(
          list.line(row, palette: palette) + palette.start(.dim) + "│" + palette.reset
            + tree.line(row, palette: palette))
      }
    }
    lines += DiffPane.lines(state: state, layout: layout, palette: palette)
    lines.append(self.status(state).rendered(width: width, palette: palette, fill: .title))
    return lines
  }

  private static func title(_ state: Browser.State) -> StyledLine {
    var line = StyledLine(" tca-replay  ")
    line.append(state.title)
    if let bounds = state.bounds {
      line.append("  ·  actions #\(bounds.lowerBound)–#\(bounds.upperBound)")
    } else {
      line.append("  ·  no actions yet")
    }
    line.append("  ·  \(state.stateType)")
    return line
  }

  /// `#SEQ/LAST name`, then a message, a watched path or follow mode, and the help key; or the
  /// prompt being typed.
  static func status(_ state: Browser.State) -> StyledLine {
    if let prompt = state.prompt {
      let lead =
        switch prompt.kind {
        case .jump: ":"
        case .search: "/"
        case .watch: "watch path: "
        case .why: "why path: "
        case .find: "find where: "
        }
      return StyledLine(lead + prompt.text + "█")
    }
    var line = StyledLine()
    let last = state.bounds.map { "\($0.upperBound)" } ?? "0"
    line.append("#\(state.bounds == nil ? 0 : state.cursor)/\(last)", .bold)
    line.append(" " + (state.cursorHeadline?.name ?? "(no actions)"))
    if let message = state.message { line.append("  — " + message) }
    if let watch = state.watch {
      line.append("  [watch \(watch.path.description.isEmpty ? "(root)" : watch.path.description)]")
    }
    if state.isFollowing { line.append("  [following]") }
    if state.focus == .state { line.append("  [state]") }
    line.append("  ? help")
    return line
  }

  /// A time in nanoseconds as milliseconds: `19.5`.
  static func milliseconds(_ nanoseconds: Int64) -> String {
    String(format: "%.1f", Double(nanoseconds) / 1_000_000)
  }

  /// A duration in nanoseconds as milliseconds, with more digits the shorter it is: `0.012`,
  /// `3.25`, `120.5`.
  static func duration(_ nanoseconds: Int64) -> String {
    let milliseconds = Double(nanoseconds) / 1_000_000
    return String(
      format: milliseconds < 1 ? "%.3f" : milliseconds < 100 ? "%.2f" : "%.1f", milliseconds)
  }

  /// Where an action came from: `send` or `effect #7`.
  static func origin(_ origin: ActionRecord.Origin) -> String {
    switch origin {
    case .send: "send"
    case let .effect(id): "effect #\(id)"
    case .shared: "shared"
    }
  }
}
