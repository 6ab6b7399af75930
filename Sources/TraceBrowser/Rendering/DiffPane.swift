import Trace

/// The diff pane: a rule naming the cursor's action, its payload, its origin and where it was sent
/// from (when the trace knows), then the paths its reducer read (when the trace has them) and the
/// change it made, one operation a line (`replace
/// counter.count 4 → 5`).
enum DiffPane {
  static func lines(state: Browser.State, layout: BrowserLayout, palette: Palette) -> [String] {
    let width = layout.size.columns
    var header = StyledLine("── ", .dim)
    var body: [StyledLine] = []
    if let detail = state.detail, detail.action.seq == state.cursor {
      let action = detail.action
      header.append("#\(action.seq) ", .accent)
      header.append(action.name, .bold)
      if let payload = action.payload {
        header.append("(" + String(payload.jsonText.prefix(200)) + ")")
      }
      header.append(
        "  \(BrowserScreen.origin(action.origin)) · "
          + "\(BrowserScreen.duration(action.durationNanoseconds)) ms "
          + (action.site.map { "· sent from \($0) " } ?? ""),
        .dim)
      if let reads = action.readsText {
        body.append(StyledLine("  read: " + reads, .dim))
      }
      if action.diff.isEmpty {
        body.append(StyledLine("  no change to the state", .dim))
      }
      for (index, operation) in action.diff.enumerated() {
        if index == layout.diffRows - 1, action.diff.count > layout.diffRows {
          body.append(StyledLine("  … \(action.diff.count - index) more", .dim))
          break
        }
        let style: Style =
          switch operation {
          case .replace: .changed
          case .insert: .inserted
          case .remove: .removed
          }
        body.append(StyledLine("  " + operation.description, style))
      }
    } else {
      header.append("diff", .dim)
    }
    let used = TextWidth.of(header.text)
    header.append(String(repeating: "─", count: max(width - used, 0)), .dim)
    var lines = [header.rendered(width: width, palette: palette)]
    for row in 0..<layout.diffRows {
      lines.append(
        (row < body.count ? body[row] : StyledLine()).rendered(width: width, palette: palette))
    }
    return lines
  }
}
