import ConcurrencyExtras
import Trace

/// The ``RecordedTimeline`` of a ``Replay``, read on first use and shared by its copies, with
/// the recorded actions decoded once per `Action` type.
final class TimelineCache: Sendable {
  private let timeline = LockIsolated<RecordedTimeline?>(nil)
  private let decoded = LockIsolated<[ObjectIdentifier: any Sendable]>([:])

  /// The decoded actions of `timeline` as `Action`, shared by every run of this replay.
  @MainActor
  func actions<Action: Decodable>(
    _: Action.Type, of timeline: RecordedTimeline
  ) -> DecodedActions<Action> {
    let key = ObjectIdentifier(Action.self)
    if let cached = self.decoded.withValue({ $0[key] }) as? DecodedActions<Action> {
      return cached
    }
    let actions = DecodedActions<Action>(count: timeline.inputs.count)
    self.decoded.withValue { $0[key] = actions }
    return actions
  }

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
