/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
  public var rows: Int
  public var columns: Int

  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}

/// Where each pane sits on a screen of a given size: a title row, the action list beside the state
/// tree, the diff pane under them, the status row.
///
/// ```
/// title
/// list   │ state
/// ── diff ─────────
/// diff lines
/// status
/// ```
public struct BrowserLayout: Hashable, Sendable {
  public var size: TerminalSize
  /// Rows of the list and the state tree.
  public var mainRows: Int
  /// Lines of the diff pane, under its header row.
  public var diffRows: Int
  /// Columns of the action list; the state tree has the rest after a one-column rule.
  public var listColumns: Int

  public init(size: TerminalSize) {
    let size = TerminalSize(rows: max(size.rows, 6), columns: max(size.columns, 20))
    self.size = size
    let available = size.rows - 3  // title, diff header, status
    self.diffRows = min(max(available / 4, 1), 8)
    self.mainRows = max(available - self.diffRows, 1)
    self.listColumns = min(max(size.columns * 11 / 20, 24), size.columns - 10)
  }

  /// Columns of the state tree.
  public var stateColumns: Int { self.size.columns - self.listColumns - 1 }
}
