/// How the recorder has each action's time on the app's `\.continuousClock`.
///
/// A live `ContinuousClock` runs at the rate of the recorder's own ticks, so the worker works the
/// time out from the action's tick reading, and the store's thread reads no clock; any other
/// clock (a `TestClock`, an app's own) is read after each reducer.
enum AppClockReading {
  /// The app's clock is the continuous clock: its time is the ticks since `since`, the tick
  /// reading when the recording clock started.
  case ticks(since: UInt64)
  /// The app's clock is another: each action reads it.
  case read(RecordingClock)
  /// The app's clock cannot be read (a test's clock left unimplemented): actions go without
  /// their time.
  case unreadable
}

/// An action's time on the app's clock, as the store's thread hands it to the worker.
enum ActionClockTime {
  case unknown
  /// Read from the app's clock, in nanoseconds since the recording clock started.
  case read(Int64)
  /// To be worked out from the action's ticks: those since this tick reading.
  case ticks(since: UInt64)
}
