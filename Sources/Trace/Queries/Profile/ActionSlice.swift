/// One action for a timeline: when its reducer ran and the time in each child scope.
public struct ActionSlice: Sendable {
  public var seq: Int64
  public var name: String
  /// The effect that sent it, for an action an effect sent.
  public var effectID: Int64?
  public var startNanoseconds: Int64
  public var durationNanoseconds: Int64
  /// Its scope timings, by path (parents before their children).
  public var scopes: [ScopeRecord]

  /// Creates the record from its fields.
  public init(
    seq: Int64, name: String, effectID: Int64?, startNanoseconds: Int64,
    durationNanoseconds: Int64, scopes: [ScopeRecord]
  ) {
    self.seq = seq
    self.name = name
    self.effectID = effectID
    self.startNanoseconds = startNanoseconds
    self.durationNanoseconds = durationNanoseconds
    self.scopes = scopes
  }
}
