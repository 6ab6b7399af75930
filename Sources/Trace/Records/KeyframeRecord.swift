/// A full state snapshot after action `seq` (0: the initial state).
public struct KeyframeRecord: Hashable, Sendable {
  public var seq: Int64
  public var state: TraceValue
  /// The exact `Codable` encoding (JSON) when the state is `Codable`, so replay can start here.
  public var codable: [UInt8]?

  public init(seq: Int64, state: TraceValue, codable: [UInt8]?) {
    self.seq = seq
    self.state = state
    self.codable = codable
  }
}
