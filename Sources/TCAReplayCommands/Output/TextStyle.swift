import TraceBrowser

/// Colours and emphasis for text output, or none at all when the output is not a terminal (see
/// ``OutputOptions/colors``).
///
/// ```swift
/// let style = TextStyle(colors: options.colors)
/// print(style.dim("#12") + " " + style.bold("todos.addButtonTapped"))
/// ```
///
/// The escape sequences are the full-screen view's (``Palette/color``): one table of the
/// terminal's colours for everything the tool prints.
public struct TextStyle: Sendable {
  public var colors: Bool

  public init(colors: Bool) {
    self.colors = colors
  }

  public func bold(_ text: String) -> String { apply(text, .bold) }
  public func dim(_ text: String) -> String { apply(text, .dim) }
  /// Red: what was removed.
  public func red(_ text: String) -> String { apply(text, .removed) }
  /// Green: what was inserted.
  public func green(_ text: String) -> String { apply(text, .inserted) }
  /// Yellow: what changed.
  public func yellow(_ text: String) -> String { apply(text, .changed) }
  /// Cyan: seqs, effect ids, names to notice.
  public func cyan(_ text: String) -> String { apply(text, .accent) }

  private var palette: Palette { self.colors ? .color : .plain }

  private func apply(_ text: String, _ style: Style) -> String {
    guard colors, !text.isEmpty else { return text }
    return self.palette.start(style) + text + self.palette.reset
  }

  /// Appends to `output` what `write` appends, styled as the `String` methods style text.
  ///
  /// ```swift
  /// style.append(.bold, to: &output) { $0.bytes += name.utf8 }  // style.bold(name)
  /// ```
  func append(
    _ style: Style,
    to output: inout StandardOutputBuffer,
    _ write: (inout StandardOutputBuffer) -> Void
  ) {
    guard colors else { return write(&output) }
    let start = output.bytes.count
    output.bytes += self.palette.start(style).utf8
    let textStart = output.bytes.count
    write(&output)
    if output.bytes.count == textStart {
      output.bytes.removeSubrange(start...)
    } else {
      output.bytes += self.palette.reset.utf8
    }
  }
}
