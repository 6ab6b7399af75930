/// A question about a state, in the one predicate language `find`, shrinking, chaos invariants and
/// the full-screen view share: `PATH OP VALUE`, `PATH exists`, `!`, `&&`, `||` and parentheses.
///
/// PATH is a state path as diffs print it (`todos[id: 3].isComplete`); VALUE is a JSON literal
/// (`10`, `"Paris"`, `true`, `null`, `[1, 2]`) or another PATH (`resultsFor == query`). OP is one of
/// `==`, `!=`, `<`, `<=`, `>`, `>=`. `!` binds tightest, then `&&`, then `||`.
///
/// ```swift
/// let predicate = try StatePredicate(parsing: "counter.count > 10 && !search.isLoading")
/// predicate.holds(in: state)   // evaluated on a trace value
/// predicate.paths              // [counter.count, search.isLoading]
/// ```
///
/// How values compare:
/// - A path that leads nowhere (a field of a child not presented, an element not there) reads as
///   `null`, like the optional that holds it: `items.destination == null` is true while nothing is
///   presented.
/// - `exists` is true when the path leads to a value that is not `null`.
/// - Numbers compare by value (`1 == 1.0`); `<`, `<=`, `>`, `>=` compare two numbers or two
///   strings (by Unicode scalars) and are false for anything else, `null` included.
public indirect enum StatePredicate: Hashable, Sendable {
  /// `PATH exists`.
  case exists(TracePath)
  /// `PATH OP VALUE` or `PATH OP PATH`.
  case compare(TracePath, Comparison, Operand)
  /// `!P`.
  case not(StatePredicate)
  /// `P && Q`.
  case and(StatePredicate, StatePredicate)
  /// `P || Q`.
  case or(StatePredicate, StatePredicate)

  /// How a comparison compares, spelled as the language writes it.
  public enum Comparison: String, CaseIterable, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
  }

  /// The right-hand side of a comparison.
  public enum Operand: Hashable, Sendable {
    /// A JSON literal.
    case value(TraceValue)
    /// Another state path, read from the same state.
    case path(TracePath)
  }

  /// Every state path the predicate reads, each once, in the order they first appear.
  public var paths: [TracePath] {
    var paths: [TracePath] = []
    func collect(_ predicate: StatePredicate) {
      func add(_ path: TracePath) { if !paths.contains(path) { paths.append(path) } }
      switch predicate {
      case let .exists(path): add(path)
      case let .compare(path, _, operand):
        add(path)
        if case let .path(other) = operand { add(other) }
      case let .not(inner): collect(inner)
      case let .and(lhs, rhs), let .or(lhs, rhs):
        collect(lhs)
        collect(rhs)
      }
    }
    collect(self)
    return paths
  }
}

extension StatePredicate: CustomStringConvertible {
  /// The predicate as the language writes it, with parentheses only where they are needed:
  /// `counter.count > 10 && !(a == 1 || b == 2)`.
  public var description: String { self.text(inside: 0) }

  /// The text, in parentheses when its operator binds looser than `precedence` (0 `||`,
  /// 1 `&&`, 2 `!`).
  private func text(inside precedence: Int) -> String {
    switch self {
    case let .exists(path): return "\(path) exists"
    case let .compare(path, comparison, .value(value)):
      return "\(path) \(comparison.rawValue) \(value.jsonText)"
    case let .compare(path, comparison, .path(other)):
      return "\(path) \(comparison.rawValue) \(other)"
    case let .not(inner):
      switch inner {
      case .and, .or: return "!(\(inner.text(inside: 0)))"
      default: return "!" + inner.text(inside: 2)
      }
    case let .and(lhs, rhs):
      let text = lhs.text(inside: 1) + " && " + rhs.text(inside: 1)
      return precedence > 1 ? "(\(text))" : text
    case let .or(lhs, rhs):
      let text = lhs.text(inside: 0) + " || " + rhs.text(inside: 0)
      return precedence > 0 ? "(\(text))" : text
    }
  }
}
