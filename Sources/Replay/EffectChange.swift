/// An effect that started or stopped differently in an edited replay than in the recording.
///
/// ```swift
/// for change in result.effectChanges {
///   print(change)  // effect #3 (run effect of #12 named search) did not start: #12 was left out
/// }
/// ```
public struct EffectChange: Sendable, Hashable, CustomStringConvertible {
  /// How it differs.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The recording has it; the edited replay never started it, so its outputs were not
    /// delivered.
    case notStarted
    /// The edited replay started it; the recording has no such effect, so it delivered nothing.
    case started
    /// The edited replay cancelled it; the recording did not.
    case cancelled
    /// The recording cancelled it; the edited replay did not.
    case notCancelled
  }

  public var kind: Kind
  /// The seq of the action that started it (for an inserted action, the seq it follows).
  public var seq: Int64
  /// The recorded effect's id, when the recording has it.
  public var recordedID: Int64?
  /// One line a person reads.
  public var description: String

  public init(kind: Kind, seq: Int64, recordedID: Int64?, description: String) {
    self.kind = kind
    self.seq = seq
    self.recordedID = recordedID
    self.description = description
  }
}
