/// Time spent in one child scope (or in every element of one collection's scopes) over a trace.
public struct ScopeStatistics: Hashable, Sendable {
  /// The scope's path from the root, `/`-separated; element ids collapsed to `*` when asked.
  public var path: String
  /// How many times it ran.
  public var calls: Int64
  /// Time in its own reducers.
  public var selfNanoseconds: Int64
  /// Time including its child scopes.
  public var totalNanoseconds: Int64

  /// Creates the record from its fields.
  public init(path: String, calls: Int64, selfNanoseconds: Int64, totalNanoseconds: Int64) {
    self.path = path
    self.calls = calls
    self.selfNanoseconds = selfNanoseconds
    self.totalNanoseconds = totalNanoseconds
  }
}
