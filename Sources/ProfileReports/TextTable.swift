/// A plain-text table with a header row, columns padded to their widest cell.
///
/// ```swift
/// var table = TextTable(columns: [.left("action"), .right("count")])
/// table.append(["counter.view.incrementButtonTapped", "10"])
/// print(table.rendered(indent: 2))
/// ```
public struct TextTable: Sendable {
  /// A column's title and alignment.
  public enum Column: Sendable {
    case left(String)
    case right(String)

    var title: String {
      switch self {
      case let .left(title), let .right(title): title
      }
    }
  }

  /// The columns, left to right.
  public var columns: [Column]
  /// The rows, each a cell per column.
  public var rows: [[String]] = []

  /// An empty table with `columns`.
  public init(columns: [Column]) {
    self.columns = columns
  }

  /// Adds a row, a cell per column.
  public mutating func append(_ row: [String]) {
    rows.append(row)
  }

  /// The table, one line per row, lines indented by `indent` spaces and without trailing spaces.
  public func rendered(indent: Int = 0) -> String {
    var widths = columns.map(\.title.count)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    let prefix = String(repeating: " ", count: indent)
    func line(_ cells: [String]) -> String {
      var text = prefix
      for (index, column) in columns.enumerated() {
        let cell = index < cells.count ? cells[index] : ""
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        if index > 0 { text += "  " }
        switch column {
        case .left: text += cell + padding
        case .right: text += padding + cell
        }
      }
      while text.last == " " { text.removeLast() }
      return text
    }
    return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
  }
}
