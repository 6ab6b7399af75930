/// The whole trace at a glance: how many actions over how long, and the root reducer's time.
///
/// ```swift
/// let totals = try trace.actionTotals()
/// totals.lastEnd - totals.firstStart  // the session's length
/// ```
public struct ActionTotals: Hashable, Sendable {
  /// How many actions.
  public var count: Int
  /// When the first action started, from the start of the recording.
  public var firstStart: Duration
  /// When the last reducer run ended.
  public var lastEnd: Duration
  /// Time in the root reducer over all actions.
  public var reducerTime: Duration

  /// Totals from their fields.
  public init(count: Int, firstStart: Duration, lastEnd: Duration, reducerTime: Duration) {
    self.count = count
    self.firstStart = firstStart
    self.lastEnd = lastEnd
    self.reducerTime = reducerTime
  }
}
