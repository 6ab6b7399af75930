/// An action after which a predicate holds, with the values the predicate read there.
public struct PredicateMatch: Hashable, Sendable {
  /// The action's seq; 0 for the initial state.
  public var seq: Int64
  /// The action's case path; `nil` for the initial state.
  public var actionName: String?
  /// Each path the predicate reads and its value after the action (`nil`: it led nowhere).
  public var values: [Value]

  /// One path's value.
  public struct Value: Hashable, Sendable {
    public var path: TracePath
    public var value: TraceValue?

    public init(path: TracePath, value: TraceValue?) {
      self.path = path
      self.value = value
    }
  }

  public init(seq: Int64, actionName: String?, values: [Value]) {
    self.seq = seq
    self.actionName = actionName
    self.values = values
  }
}
