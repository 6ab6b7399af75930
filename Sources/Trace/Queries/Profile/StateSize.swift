/// The state's size after one action: the bytes of its JSON.
///
/// ```swift
/// try trace.stateSizes().map(\.bytes)  // at every keyframe
/// ```
public struct StateSize: Codable, Hashable, Sendable {
  /// The action after which the state was measured (0: the initial state).
  public var seq: Int64
  /// Bytes of the state's JSON.
  public var bytes: Int

  /// A size from its fields.
  public init(seq: Int64, bytes: Int) {
    self.seq = seq
    self.bytes = bytes
  }
}
