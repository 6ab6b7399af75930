/// The columns of an action a list shows: no payload, no diff, so a screenful reads fast.
public struct ActionHeadline: Hashable, Sendable {
  /// The store's sequence number.
  public var seq: Int64
  public var origin: ActionRecord.Origin
  /// The case path of the action: `todos.element.toggleCompleted`.
  public var name: String
  /// When the reducer started, in nanoseconds since the recording started.
  public var startNanoseconds: Int64
  /// How long the root reducer ran.
  public var durationNanoseconds: Int64
  public var stateChanged: Bool

  public init(
    seq: Int64, origin: ActionRecord.Origin, name: String, startNanoseconds: Int64,
    durationNanoseconds: Int64, stateChanged: Bool
  ) {
    self.seq = seq
    self.origin = origin
    self.name = name
    self.startNanoseconds = startNanoseconds
    self.durationNanoseconds = durationNanoseconds
    self.stateChanged = stateChanged
  }
}
