/// Why a ``DiffOperation`` could not be applied to a ``TraceValue``: its path leads nowhere, or
/// through a value of the wrong kind, or an insert names something that is already there.
///
/// ```swift
/// var state = try TraceValue(jsonText: #"{"todos":[]}"#)
/// do {
///   try state.apply(.remove(try TracePath(parsing: "todos[id: 7]"), old: .null))
/// } catch {
///   print(error)  // cannot remove todos[id: 7]: todos has no element with id 7
/// }
/// ```
public struct TracePatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The operation that failed.
  public var operation: DiffOperation
  /// What was wrong, naming the part of the path that failed: `todos has no element with id 7`.
  public var reason: String

  /// An error applying `operation`, for `reason`.
  public init(operation: DiffOperation, reason: String) {
    self.operation = operation
    self.reason = reason
  }

  /// One line: `cannot replace todos[id: 7].title: todos has no element with id 7`.
  public var description: String {
    let name =
      switch self.operation {
      case .replace: "replace"
      case .insert: "insert"
      case .remove: "remove"
      }
    let path = self.operation.path.components.isEmpty ? "(root)" : "\(self.operation.path)"
    return "cannot \(name) \(path): \(self.reason)"
  }
}
