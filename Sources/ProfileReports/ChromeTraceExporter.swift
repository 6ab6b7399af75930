import Trace

/// Writes a trace as Chrome Trace Event JSON, which Perfetto (ui.perfetto.dev) and
/// `chrome://tracing` open: the store's thread with a slice per action and nested slices per
/// child scope, effects on their own tracks (overlapping effects on sibling tracks), flow arrows
/// from an action to the effects it started and from an effect to the actions it sent, a
/// counter of actions per second, process and thread names, and the app's metadata
/// (`Recorder.Options.metadata`) as `otherData`.
///
/// Streamed: rows are read one at a time and the output written a megabyte at a time, so memory
/// stays flat for a trace of any length.
///
/// ```swift
/// let summary = try ChromeTraceExporter(trace: trace).export(to: "session.json")
/// ```
public struct ChromeTraceExporter {
  /// The trace to export.
  public var trace: TraceReader

  /// What an export wrote.
  public struct Summary: Hashable, Sendable {
    /// How many trace events.
    public var events: Int
    /// The size of the file.
    public var bytes: Int
    /// How many effect tracks the overlapping effects needed.
    public var effectTracks: Int
  }

  static let processID: Int64 = 1
  static let storeThreadID: Int64 = 1
  /// Effect track `n` (from 0) is thread `firstEffectThreadID + n`.
  static let firstEffectThreadID: Int64 = 100

  /// An exporter of `trace`.
  public init(trace: TraceReader) {
    self.trace = trace
  }

  /// Writes the export to `path`, replacing what is there.
  public func export(to path: String) throws -> Summary {
    let sink = try JSONByteSink(path: path)
    var events = ChromeTraceEvents(sink: sink)
    sink.raw("{\"displayTimeUnit\":\"ns\",")
    // NB: The app's metadata goes in `otherData`, which the viewers show as the trace's
    // metadata; a trace without any is written as before.
    if !trace.header.metadata.isEmpty {
      sink.raw("\"otherData\":{")
      for (index, (key, value)) in trace.header.metadata.sorted(by: { $0.key < $1.key })
        .enumerated()
      {
        if index > 0 { sink.raw(",") }
        sink.string(key)
        sink.raw(":")
        sink.string(value)
      }
      sink.raw("},\n")
    }
    sink.raw("\"traceEvents\":[\n")
    events.metadata(
      "process_name", thread: Self.storeThreadID, name: "tca-replay \(trace.header.stateType)")
    events.metadata("thread_name", thread: Self.storeThreadID, name: "store (reducers)")
    events.sortIndex(thread: Self.storeThreadID, index: 0)

    try trace.forEachActionSlice { action in
      try events.action(action)
    }
    let totals = try trace.actionTotals()
    let end = max(trace.header.endedNanoseconds ?? 0, totals.lastEnd.nanosecondCount)
    var lanes = EffectLanes()
    var current: (span: EffectBar, start: Int64, thread: Int64, end: Int64)?
    try trace.forEachEffectEvent { event in
      switch event {
      case let .effect(span, actionStart, reason):
        let spanStart = span.start.nanosecondCount
        let spanEnd = span.end?.nanosecondCount ?? end
        let (lane, isNew) = lanes.assign(start: spanStart, end: spanEnd)
        let thread = Self.firstEffectThreadID + Int64(lane)
        if isNew {
          events.metadata("thread_name", thread: thread, name: "effects \(lane + 1)")
          events.sortIndex(thread: thread, index: Int64(lane) + 1)
        }
        try events.effect(span, thread: thread, end: spanEnd, reason: reason)
        try events.flow(
          id: span.id * 2, from: (Self.storeThreadID, actionStart), to: (thread, spanStart))
        current = (span, spanStart, thread, spanEnd)
      case let .sent(effectID, seq, at):
        guard let current, current.span.id == effectID else { return }
        let from = min(max(at, current.start), current.end)
        try events.flow(
          id: seq * 2 + 1, from: (current.thread, from), to: (Self.storeThreadID, at))
      }
    }
    for point in try trace.actionRate(bucket: .seconds(1)) {
      try events.counter(
        "actions per second", at: point.start.nanosecondCount, value: Int64(point.count))
    }
    sink.raw("\n]}\n")
    try sink.close()
    return Summary(events: events.count, bytes: sink.bytesWritten, effectTracks: lanes.count)
  }
}

// NB: Effects are complete (`X`) slices on tracks of their own (one thread id per lane) rather
// than async `b`/`e` events: viewers bind flow events (`s`/`f`) to slices on thread tracks only
// (Perfetto's JSON importer looks the enclosing slice up on the thread's track), and async
// slices take at most one v2 flow (`bind_id`) each, too few for an effect that sends many actions.
// Lanes keep the format's rule that slices on one thread nest, and overlapping effects still land
// on sibling tracks.

/// Gives each effect the first track free at its start, so overlapping effects land on sibling
/// tracks and a track's slices never overlap (the format requires slices on one thread to nest).
struct EffectLanes {
  private var ends: [Int64] = []

  var count: Int { ends.count }

  mutating func assign(start: Int64, end: Int64) -> (lane: Int, isNew: Bool) {
    if let free = ends.firstIndex(where: { $0 <= start }) {
      ends[free] = end
      return (free, false)
    }
    ends.append(end)
    return (ends.count - 1, true)
  }
}
