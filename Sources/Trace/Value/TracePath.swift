/// Where a value sits inside a state: `todos[id: 3].isComplete`, `destination.editor.draft`,
/// `path["#1"]`, `items[2]`.
public struct TracePath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// One step into a value.
  public enum Component: Hashable, Sendable {
    /// A struct field, dictionary key or enum case name: `.name`.
    case field(String)
    /// A position in an array: `[2]`.
    case index(Int)
    /// The element of an array of identified elements whose `id` renders as this text:
    /// `[id: 3]`.
    case id(String)
  }

  /// The steps from the root, outermost first; empty for the root itself.
  public var components: [Component]

  /// A path of `components`; `TracePath()` is the root.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The path extended by one component.
  public func appending(_ component: Component) -> Self {
    Self(self.components + [component])
  }

  /// Whether `self` is `other` or lies inside it.
  public func hasPrefix(_ other: Self) -> Bool {
    other.components.count <= self.components.count
      && zip(self.components, other.components).allSatisfy(==)
  }

  /// The path as text, the form `description` prints and `init(parsing:)` reads.
  ///
  /// A field whose name is an identifier is written `.name` (without the dot at the start); any
  /// other name, such as a dictionary key, is a quoted JSON string in brackets:
  /// `settings["en-US"]`, `files["notes.txt"]`. An id is written as it is, `[id: 3]`, unless
  /// it is empty, contains `]` or a control character, starts with `"` or starts or ends with
  /// whitespace; then it is quoted too: `[id: "a]b"]`. The empty path is the empty string.
  ///
  /// ```swift
  /// TracePath([.field("todos"), .id("3"), .field("isComplete")]).description
  /// // todos[id: 3].isComplete
  /// ```
  public var description: String {
    var text = ""
    for (position, component) in self.components.enumerated() {
      switch component {
      case let .field(name) where Self.isBareFieldName(name):
        if position > 0 { text += "." }
        text += name
      case let .field(name): text += "[\(Self.quoted(name))]"
      case let .index(index): text += "[\(index)]"
      case let .id(id) where Self.isBareID(id): text += "[id: \(id)]"
      case let .id(id): text += "[id: \(Self.quoted(id))]"
      }
    }
    return text
  }

  /// Orders paths by their text, so sorted paths read like a sorted list.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}
