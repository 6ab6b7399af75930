/// An action the deny-list kept out of the `actions` table, stored for replay only: a replay must
/// feed every action the store received, or it diverges by design.
public struct DeniedInputRecord: Hashable, Sendable {
  public var seq: Int64
  public var origin: ActionRecord.Origin
  /// When its reducer started, in nanoseconds since the recording started.
  public var startNanoseconds: Int64
  /// The action's exact `Codable` encoding (JSON).
  public var encoding: [UInt8]

  public init(seq: Int64, origin: ActionRecord.Origin, startNanoseconds: Int64, encoding: [UInt8]) {
    self.seq = seq
    self.origin = origin
    self.startNanoseconds = startNanoseconds
    self.encoding = encoding
  }
}
