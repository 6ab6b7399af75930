import Trace

/// A state as lines of an indented tree in custom-dump's shape, with folded nodes shown as `(…)`
/// or `[…]`.
///
/// ```
/// AppFeature.State(
///   counter: (
///     count: 5,
///     fact: "5 is an odd number."
///   ),
///   todos: […3]
/// )
/// ```
///
/// Elements of an identified collection (every element an object with a distinct `id`) are
/// labelled and addressed by id, `todos[id: 3]`, as diffs and watched paths name them.
public struct StateTree: Hashable, Sendable {
  /// One line of the tree.
  public struct Line: Hashable, Sendable {
    /// The node the line opens or shows; `nil` for a closing `)` or `]`.
    public var path: TracePath?
    public var depth: Int
    /// The line's text without its indentation.
    public var text: String
    /// Whether the node has children that can be folded.
    public var isFoldable: Bool
  }

  public private(set) var lines: [Line] = []

  /// The tree of `value`, named `rootName`, with the nodes at `folded` shown closed.
  public init(_ value: TraceValue, rootName: String, folded: Set<TracePath>) {
    self.append(value, label: rootName, path: TracePath(), depth: 0, folded: folded, comma: false)
  }

  /// The index of the line that shows `path`, if it is visible.
  public func index(of path: TracePath) -> Int? {
    self.lines.firstIndex { $0.path == path }
  }

  /// The paths of the lines that show a node, in order: where a selection can go.
  public var selectablePaths: [TracePath] {
    self.lines.compactMap(\.path)
  }

  private mutating func append(
    _ value: TraceValue, label: String, path: TracePath, depth: Int, folded: Set<TracePath>,
    comma: Bool
  ) {
    let separator = comma ? "," : ""
    let children: [(String, TracePath.Component, TraceValue)]
    let (open, close): (String, String)
    switch value {
    case let .object(fields):
      children = fields.map { (Self.fieldLabel($0.name), .field($0.name), $0.value) }
      (open, close) = ("(", ")")
    case let .array(elements):
      let ids = elements.map(\.renderedID)
      if !elements.isEmpty, ids.allSatisfy({ $0 != nil }), Set(ids).count == ids.count {
        children = zip(ids, elements).map { id, element in
          let component = TracePath.Component.id(id!)
          return (TracePath([component]).description, component, element)
        }
      } else {
        children = elements.enumerated().map { ("[\($0.offset)]", .index($0.offset), $0.element) }
      }
      (open, close) = ("[", "]")
    default:
      self.lines.append(
        Line(
          path: path, depth: depth, text: "\(label): \(Self.scalar(value))\(separator)",
          isFoldable: false))
      return
    }
    let head = depth == 0 ? label : "\(label): "
    guard !children.isEmpty else {
      self.lines.append(
        Line(path: path, depth: depth, text: head + open + close + separator, isFoldable: false))
      return
    }
    if folded.contains(path) {
      let count = close == "]" ? "\(children.count)" : ""
      self.lines.append(
        Line(
          path: path, depth: depth, text: head + open + "…" + count + close + separator,
          isFoldable: true))
      return
    }
    self.lines.append(Line(path: path, depth: depth, text: head + open, isFoldable: true))
    for (position, (childLabel, component, child)) in children.enumerated() {
      self.append(
        child, label: childLabel, path: path.appending(component), depth: depth + 1,
        folded: folded, comma: position < children.count - 1)
    }
    self.lines.append(Line(path: nil, depth: depth, text: close + separator, isFoldable: false))
  }

  private static func fieldLabel(_ name: String) -> String {
    let path = TracePath([.field(name)]).description
    return path.hasPrefix("[") ? path : name
  }

  /// A leaf as custom-dump shows it: `nil`, `true`, `5`, `"text"`.
  static func scalar(_ value: TraceValue) -> String {
    switch value {
    case .null: "nil"
    case .redacted: "<redacted>"
    default: value.jsonText
    }
  }
}
