import Trace

/// The state pane: the state after the cursor's action as a tree, scrolled to keep the selected
/// node in view; nodes the action changed are coloured, the watched path is marked.
struct TreePane {
  let layout: BrowserLayout
  let state: Browser.State
  private let tree: StateTree?
  private let top: Int
  private let changed: Set<TracePath>

  init(state: Browser.State, layout: BrowserLayout) {
    self.state = state
    self.layout = layout
    self.tree = state.tree
    let selected = self.tree?.index(of: state.selection) ?? 0
    let count = self.tree?.lines.count ?? 0
    self.top = max(min(selected - layout.mainRows / 2, count - layout.mainRows), 0)
    self.changed = Set(state.detail?.action.diff.map(\.path) ?? [])
  }

  func line(_ row: Int, palette: Palette) -> String {
    let width = self.layout.stateColumns
    guard let tree = self.tree else {
      let text = row == 0 && self.state.bounds != nil ? " reading…" : ""
      return StyledLine(text, .dim).rendered(width: width, palette: palette)
    }
    let index = self.top + row
    guard index < tree.lines.count else {
      return StyledLine().rendered(width: width, palette: palette)
    }
    let entry = tree.lines[index]
    var style = Style.normal
    if let path = entry.path {
      if path == self.state.watch?.path {
        style = .mark
      } else if self.changed.contains(path) {
        style = .changed
      }
    }
    let line = StyledLine(" " + String(repeating: "  ", count: entry.depth) + entry.text, style)
    let isSelected = entry.path != nil && entry.path == self.state.selection
    let fill: Style = isSelected && self.state.focus == .state ? .selected : .normal
    return line.rendered(width: width, palette: palette, fill: fill)
  }
}
