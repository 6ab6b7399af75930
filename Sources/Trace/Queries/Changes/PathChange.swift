/// One action's change to the value at a state path: what it was before and after.
///
/// `nil` stands for "not there": the path led nowhere (an element not yet inserted, an optional
/// child not presented).
public struct PathChange: Hashable, Sendable {
  public var seq: Int64
  /// The case path of the action that made the change.
  public var actionName: String
  public var old: TraceValue?
  public var new: TraceValue?

  public init(seq: Int64, actionName: String, old: TraceValue?, new: TraceValue?) {
    self.seq = seq
    self.actionName = actionName
    self.old = old
    self.new = new
  }
}
