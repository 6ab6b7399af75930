/// Time spent in one child scope (`Scope`, `ifLet`, `forEach`) while reducing one action.
public struct ScopeRecord: Hashable, Sendable {
  public var actionSeq: Int64
  /// The scope's path from the root: `todos/todos[id: 3]`.
  public var path: String
  /// Time in the scope's own reducers, without its child scopes.
  public var selfNanoseconds: Int64
  /// Time in the scope including its child scopes.
  public var totalNanoseconds: Int64
  /// How many times the scope ran for the action.
  public var calls: Int64

  public init(
    actionSeq: Int64, path: String, selfNanoseconds: Int64, totalNanoseconds: Int64, calls: Int64
  ) {
    self.actionSeq = actionSeq
    self.path = path
    self.selfNanoseconds = selfNanoseconds
    self.totalNanoseconds = totalNanoseconds
    self.calls = calls
  }
}
