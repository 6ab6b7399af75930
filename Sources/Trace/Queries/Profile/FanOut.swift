/// An action and how many effects its reducer started.
///
/// ```swift
/// try trace.effectFanOut(limit: 10).first?.effects  // the most any one action started
/// ```
public struct FanOut: Codable, Hashable, Sendable {
  /// The action.
  public var actionSeq: Int64
  /// Its case path.
  public var actionName: String
  /// How many effects its reducer started.
  public var effects: Int
  /// The trace the action is in, in a profile over several traces; `nil` in a profile of one.
  public var trace: String?

  /// A row from its fields.
  public init(actionSeq: Int64, actionName: String, effects: Int, trace: String? = nil) {
    self.actionSeq = actionSeq
    self.actionName = actionName
    self.effects = effects
    self.trace = trace
  }
}
