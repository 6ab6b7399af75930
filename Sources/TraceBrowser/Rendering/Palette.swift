/// How the screen is drawn: what each ``Style`` turns into on the terminal. The one table of
/// terminal colours: the commands' text output (`TextStyle`) draws with ``color`` too.
///
/// `.color` draws with colours; `.monochrome` (with `NO_COLOR` set or `--no-color`) keeps only
/// reverse video, bold, dim and underline, which are not colours; `.plain` draws no escape
/// sequences at all (tests, logs).
public enum Palette: Hashable, Sendable {
  case color
  case monochrome
  case plain

  /// The SGR sequence that starts `style`, empty for none.
  package func start(_ style: Style) -> String {
    switch (self, style) {
    case (.plain, _), (_, .normal): ""
    case (_, .selected): "\u{1B}[7m"
    case (_, .bold): "\u{1B}[1m"
    case (_, .dim): "\u{1B}[2m"
    case (.monochrome, .title): "\u{1B}[1m"
    case (.monochrome, .mark): "\u{1B}[1m"
    case (.monochrome, .inserted), (.monochrome, .removed), (.monochrome, .changed),
      (.monochrome, .accent):
      ""
    case (.color, .title): "\u{1B}[1;37;44m"
    case (.color, .inserted): "\u{1B}[32m"
    case (.color, .removed): "\u{1B}[31m"
    case (.color, .changed): "\u{1B}[33m"
    case (.color, .accent): "\u{1B}[36m"
    case (.color, .mark): "\u{1B}[1;35m"
    }
  }

  /// The SGR sequence that ends any style.
  package var reset: String { self == .plain ? "" : "\u{1B}[0m" }
}

/// What a piece of text means on screen; a ``Palette`` decides how it looks.
public enum Style: Hashable, Sendable {
  case normal
  /// The cursor row, the selected node.
  case selected
  case bold
  case dim
  /// The title and status rows.
  case title
  case inserted
  case removed
  case changed
  /// Seqs, effect ids, key names.
  case accent
  /// Rows that changed the watched path.
  case mark
}
