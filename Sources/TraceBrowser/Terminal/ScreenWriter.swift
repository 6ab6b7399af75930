/// Draws frames on a ``Terminal``, rewriting only the lines that changed since the last frame.
@MainActor
final class ScreenWriter {
  private let terminal: Terminal
  private var previous: [String] = []

  init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Draws `lines` from the top row down, in one write.
  func draw(_ lines: [String]) {
    var output = ""
    for (row, line) in lines.enumerated()
    where row >= self.previous.count || self.previous[row] != line {
      output += "\u{1B}[\(row + 1);1H" + line
    }
    self.previous = lines
    if !output.isEmpty { self.terminal.write(output) }
  }

  /// Forgets the last frame, so the next one is drawn whole (after a resize).
  func invalidate() {
    self.previous = []
    self.terminal.write("\u{1B}[2J")
  }
}
