/// What a chaos exploration found: how many runs it made and the first that failed, if any.
///
/// ```swift
/// let chaos = try await replay.explore(Lookup(), runs: 500, final: ["resultsFor == query"])
/// chaos.runs                  // 500, or the number of the failing run
/// chaos.failure?.schedule     // "v1:8@9": replays exactly that run
/// chaos.failure?.description  // what failed, after which action, the deliveries moved
/// ```
public struct ChaosResult: Sendable {
  /// Runs made; exploration stops at the first failure.
  public var runs: Int
  /// How many of them delivered in an order not tried before (the others were skipped as
  /// already known to pass).
  public var distinctOrders: Int
  /// The first failing run, its schedule shrunk to the fewest moved deliveries; `nil` when every
  /// run passed.
  public var failure: ChaosFailure?

  public init(runs: Int, distinctOrders: Int, failure: ChaosFailure?) {
    self.runs = runs
    self.distinctOrders = distinctOrders
    self.failure = failure
  }
}

/// A chaos run that failed.
public struct ChaosFailure: Sendable, CustomStringConvertible {
  /// Why it failed.
  public enum Kind: String, Sendable, CaseIterable {
    /// An invariant did not hold after some action.
    case invariant
    /// A `final` predicate did not hold after the last action.
    case final
    /// The runtime reported an issue.
    case issue
    /// No predicate was given and the final state differs from the recording's: the outcome
    /// depends on the order effects answer in, which is not necessarily a bug.
    case orderSensitive
    /// No predicate was given and today's code already diverges from the recording in the
    /// recorded order (`verify` says where and how), so no other order was tried: the outcome
    /// is not about order.
    case recordedOrderDiffers
  }

  public var kind: Kind
  /// The schedule that replays exactly this run (``ChaosSchedule``'s text).
  public var schedule: String
  /// The seq of the action after which it failed.
  public var seq: Int64
  /// How many deliveries the schedule moves from their recorded places.
  public var moved: Int
  /// What failed, after which action, the values the predicate read, and the deliveries moved
  /// and dropped; several lines.
  public var description: String

  public init(kind: Kind, schedule: String, seq: Int64, moved: Int, description: String) {
    self.kind = kind
    self.schedule = schedule
    self.seq = seq
    self.moved = moved
    self.description = description
  }
}
