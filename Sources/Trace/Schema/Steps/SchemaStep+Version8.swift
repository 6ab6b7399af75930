extension SchemaStep {
  /// Version 8, the app's clock: `actions.clock_ns` holds the time on the app's
  /// `\.continuousClock` when the action's reducer ran, in nanoseconds since the recording began
  /// (the same origin as `clock_requests`' reads of `now`); `NULL` where the recorder could not
  /// read the app's clock. A test made from the recording advances its `TestClock` between sent
  /// inputs by these times, so effects that overlapped still overlap.
  ///
  /// `clock_requests.nanoseconds` of a sleep is, from this version on, the duration the effect
  /// asked for (`sleep(for:)`'s duration, a timer's interval), no longer the deadline's distance
  /// from the clock's `now` when the sleep began, which a real clock had already moved past.
  static let version8 = SchemaStep(
    name: "the app's clock",
    statements: ["ALTER TABLE actions ADD COLUMN clock_ns INTEGER"])
}
