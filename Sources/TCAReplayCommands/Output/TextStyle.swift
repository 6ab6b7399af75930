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

  public func bold(_ text: String) -> String { apply(text, "1") }
  public func dim(_ text: String) -> String { apply(text, "2") }
  public func red(_ text: String) -> String { apply(text, "31") }
  public func green(_ text: String) -> String { apply(text, "32") }
  public func yellow(_ text: String) -> String { apply(text, "33") }
  public func cyan(_ text: String) -> String { apply(text, "36") }

  private func apply(_ text: String, _ code: String) -> String {
    guard colors, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
  }
}
