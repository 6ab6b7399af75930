/// The whole trace at a glance: how many actions over how long, and the root reducer's time.
///
/// ```swift
/// let totals = try trace.actionTotals()
/// totals.lastEnd - totals.firstStart  // the session's length
/// ```
package struct ActionTotals: Hashable, Sendable {
  /// How many actions.
  package var count: Int
  /// When the first action started, from the start of the recording.
  package var firstStart: Duration
  /// When the last reducer run ended.
  package var lastEnd: Duration
  /// Time in the root reducer over all actions.
  package var reducerTime: Duration

  /// Totals from their fields.
  package init(count: Int, firstStart: Duration, lastEnd: Duration, reducerTime: Duration) {
    self.count = count
    self.firstStart = firstStart
    self.lastEnd = lastEnd
    self.reducerTime = reducerTime
  }
}
