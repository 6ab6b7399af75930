/// Colours and emphasis for text output, or none at all when the output is not a terminal (see
/// ``OutputOptions/colors``).
///
/// ```swift
/// let style = TextStyle(colors: options.colors)
/// print(style.dim("#12") + " " + style.bold("todos.addButtonTapped"))
/// ```
///
/// NB: These are the six SGR escape sequences the tool uses, written out. Rainbow (in the package
/// mirror) decides through process-wide mutable switches that Swift 6's concurrency checking
/// rejects, and the command has already decided whether colours are allowed.
public struct TextStyle: Sendable {
  public var colors: Bool

  public init(colors: Bool) {
    self.colors = colors
  }

  public func bold(_ text: String) -> String { apply(text, .bold) }
  public func dim(_ text: String) -> String { apply(text, .dim) }
  public func red(_ text: String) -> String { apply(text, .red) }
  public func green(_ text: String) -> String { apply(text, .green) }
  public func yellow(_ text: String) -> String { apply(text, .yellow) }
  public func cyan(_ text: String) -> String { apply(text, .cyan) }

  /// One of the styles, by its SGR parameter.
  enum Code: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }

  private func apply(_ text: String, _ code: Code) -> String {
    guard colors, !text.isEmpty else { return text }
    return "\u{1B}[\(code.rawValue)m" + text + "\u{1B}[0m"
  }

  /// Appends to `output` what `write` appends, styled as the `String` methods style text.
  ///
  /// ```swift
  /// style.append(.bold, to: &output) { $0.bytes += name.utf8 }  // style.bold(name)
  /// ```
  func append(
    _ code: Code,
    to output: inout StandardOutputBuffer,
    _ write: (inout StandardOutputBuffer) -> Void
  ) {
    guard colors else { return write(&output) }
    let start = output.bytes.count
    output.bytes += "\u{1B}[\(code.rawValue)m".utf8
    let textStart = output.bytes.count
    write(&output)
    if output.bytes.count == textStart {
      output.bytes.removeSubrange(start...)
    } else {
      output.bytes += "\u{1B}[0m".utf8
    }
  }
}
