/// How often one state path changed, element ids collapsed (`todos[id: *].isComplete`).
///
/// ```swift
/// try trace.mostChangedPaths(limit: 10).first?.path  // the busiest path
/// ```
public struct PathChanges: Codable, Hashable, Sendable {
  /// The state path, element ids collapsed to `*`.
  public var path: String
  /// How many actions changed it.
  public var changes: Int

  /// A row from its fields.
  public init(path: String, changes: Int) {
    self.path = path
    self.changes = changes
  }
}
