/// The first point where a replay differs from its recording.
///
/// ```swift
/// if let divergence = result.divergence {
///   divergence.seq          // 42
///   divergence.actionName   // "counter.view.incrementButtonTapped"
///   divergence.kind         // .state
///   print(divergence.description)
/// }
/// ```
public struct Divergence: Sendable, CustomStringConvertible {
  /// What differed.
  public enum Kind: String, Sendable, CaseIterable {
    /// The state after the action differs from the recorded state.
    case state
    /// The effects the action started or cancelled differ from the recorded ones.
    case effects
    /// An action differs: a recorded one no longer decodes, or (live) an effect sent another.
    case actions
    /// The reducer read a non-deterministic value (`uuid`, `date`, a random number) the
    /// recording does not have, or fewer than it has.
    case dependencies
  }

  /// The recorded sequence number of the action where it diverged.
  public var seq: Int64
  /// The action's case path, as the trace names it.
  public var actionName: String
  public var kind: Kind
  /// A multi-line report a person reads: the action and its origin, the recorded change against
  /// the actual one, the first differing paths with both values, the effects that differ, and
  /// the five actions before it.
  public var description: String
}
