import Trace

/// The list pane: one row per action (seq, time in ms, origin, name), the cursor row marked `▶`
/// and highlighted, rows that changed the watched path marked `●`.
struct ActionList {
  let state: Browser.State
  let layout: BrowserLayout
  private let seqWidth: Int
  private let timeWidth: Int
  private let originWidth: Int

  init(state: Browser.State, layout: BrowserLayout) {
    self.state = state
    self.layout = layout
    let widest = max(state.bounds?.upperBound ?? 0, state.rows.last?.seq ?? 0)
    self.seqWidth = String(widest).count
    self.timeWidth =
      state.rows.map { BrowserScreen.milliseconds($0.startNanoseconds).count }
      .max() ?? 0
    self.originWidth = state.rows.map { BrowserScreen.origin($0.origin).count }.max() ?? 0
  }

  func line(_ row: Int, palette: Palette) -> String {
    let width = self.layout.listColumns
    guard row < self.state.rows.count else {
      let text = row == 0 && self.state.bounds == nil ? "  no actions recorded yet" : ""
      return StyledLine(text, .dim).rendered(width: width, palette: palette)
    }
    let headline = self.state.rows[row]
    let isCursor = headline.seq == self.state.cursor
    let isMarked = self.state.watch?.marked.contains(headline.seq) ?? false
    var line = StyledLine(isCursor ? "▶" : " ")
    line.append(isMarked ? "●" : " ", .mark)
    line.append(Self.padded(String(headline.seq), self.seqWidth), isCursor ? .normal : .accent)
    line.append(
      "  " + Self.padded(BrowserScreen.milliseconds(headline.startNanoseconds), self.timeWidth))
    let origin = BrowserScreen.origin(headline.origin)
    line.append(
      "  " + origin + String(repeating: " ", count: self.originWidth - origin.count) + "  ",
      isCursor ? .normal : .dim)
    line.append(
      Self.tail(headline.name, columns: width - TextWidth.of(line.text)),
      headline.stateChanged || isCursor ? .normal : .dim)
    let fill: Style = isCursor ? (self.state.focus == .actions ? .selected : .bold) : .normal
    return line.rendered(width: width, palette: palette, fill: fill)
  }

  /// `name` shortened in the middle to fit `columns`: its first component (the feature) and as
  /// many of its last ones (the case) as fit, `counter…factResponse.success`; failing that, cut
  /// in the middle of the text.
  static func tail(_ name: String, columns: Int) -> String {
    guard name.count > columns, columns > 1 else { return name }
    let parts = name.split(separator: ".")
    if parts.count > 2 {
      for kept in (1..<(parts.count - 1)).reversed() {
        let candidate = "\(parts[0])…" + parts.suffix(kept).joined(separator: ".")
        if candidate.count <= columns { return candidate }
      }
    }
    let head = (columns - 1) / 2
    return "\(name.prefix(head))…\(name.suffix(columns - 1 - head))"
  }

  /// `text` right-aligned in `width` columns.
  static func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(width - text.count, 0)) + text
  }
}
