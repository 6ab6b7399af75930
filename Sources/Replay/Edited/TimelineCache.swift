import ConcurrencyExtras
import Trace

/// The ``RecordedTimeline`` of a ``Replay``, read on first use and shared by its copies.
final class TimelineCache: Sendable {
  private let timeline = LockIsolated<RecordedTimeline?>(nil)

  /// The timeline, read from `reader` the first time.
  func timeline(_ reader: TraceReader) throws -> RecordedTimeline {
    try self.timeline.withValue { cached in
      if let cached { return cached }
      let timeline = try RecordedTimeline(reader: reader)
      cached = timeline
      return timeline
    }
  }
}
