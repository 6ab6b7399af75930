/// Which effects a listing shows: those alive at an action, those that ended a certain way.
///
/// ```swift
/// var filter = EffectFilter()
/// filter.outcome = .running
/// try trace.forEachEffect(matching: filter) { print($0.start.id) }
/// ```
public struct EffectFilter: Hashable, Sendable {
  /// How an effect ended, or that it had not ended when the trace did.
  public enum Outcome: String, Hashable, Sendable, CaseIterable {
    case finished
    case cancelled
    case failed
    case running
  }

  /// Only effects alive after this action ran (see ``TraceReader/effects(aliveAt:)``).
  public var aliveAt: Int64?
  public var outcome: Outcome?

  public init() {}
}
