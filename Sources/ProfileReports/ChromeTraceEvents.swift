import Trace

/// Writes individual trace events to a sink, one per line, comma-separated.
struct ChromeTraceEvents {
  let sink: JSONByteSink
  private(set) var count = 0

  init(sink: JSONByteSink) {
    self.sink = sink
  }

  private mutating func begin(_ phase: StaticString, thread: Int64, at nanoseconds: Int64) {
    if count > 0 { sink.raw(",\n") }
    count += 1
    sink.raw("{\"ph\":\"")
    sink.raw(phase)
    sink.raw("\",\"pid\":")
    sink.integer(ChromeTraceExporter.processID)
    sink.raw(",\"tid\":")
    sink.integer(thread)
    sink.raw(",\"ts\":")
    sink.microseconds(nanoseconds)
  }

  /// `M`: a process or thread name.
  mutating func metadata(_ kind: StaticString, thread: Int64, name: String) {
    begin("M", thread: thread, at: 0)
    sink.raw(",\"name\":\"")
    sink.raw(kind)
    sink.raw("\",\"args\":{\"name\":")
    sink.string(name)
    sink.raw("}}")
  }

  /// `M`: where a thread's track sorts.
  mutating func sortIndex(thread: Int64, index: Int64) {
    begin("M", thread: thread, at: 0)
    sink.raw(",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":")
    sink.integer(index)
    sink.raw("}}")
  }

  /// `X` for the action and one nested `X` per scope. Scopes have durations but no start times,
  /// so each is laid out from its parent's start, siblings one after another.
  mutating func action(_ action: ActionSlice) throws {
    complete(
      action.name, category: "action", thread: ChromeTraceExporter.storeThreadID,
      start: action.startNanoseconds, duration: action.durationNanoseconds
    ) { sink in
      sink.raw("\"seq\":")
      sink.integer(action.seq)
    }
    for scope in ScopeLayout(action).scopes {
      complete(
        String(scope.name), category: "scope",
        thread: ChromeTraceExporter.storeThreadID, start: scope.start, duration: scope.duration
      ) { sink in
        sink.raw("\"path\":")
        sink.string(scope.record.path)
        sink.raw(",\"self_ns\":")
        sink.integer(scope.record.selfNanoseconds)
        sink.raw(",\"calls\":")
        sink.integer(scope.record.calls)
      }
    }
    try sink.flushIfNeeded()
  }

  /// `X` for an effect's life on its track.
  mutating func effect(
    _ span: EffectBar, thread: Int64, end: Int64, reason: EffectEndRecord.CancellationReason?
  ) throws {
    let start = span.start.nanosecondCount
    complete(
      span.name, category: "effect", thread: thread, start: start, duration: end - start
    ) { sink in
      sink.raw("\"id\":")
      sink.integer(span.id)
      sink.raw(",\"kind\":")
      sink.string(span.kind.rawValue)
      sink.raw(",\"outcome\":")
      sink.string(span.outcome?.rawValue ?? "running at the end")
      if let reason {
        sink.raw(",\"reason\":")
        sink.string(reason.description)
      }
      sink.raw(",\"action\":")
      sink.integer(span.actionSeq)
    }
    try sink.flushIfNeeded()
  }

  /// `s` and `f` (binding to the enclosing slice) of one arrow.
  mutating func flow(id: Int64, from: (Int64, Int64), to: (Int64, Int64)) throws {
    for (phase, end) in [("s", from), ("f", to)] {
      begin(phase == "s" ? "s" : "f", thread: end.0, at: end.1)
      sink.raw(",\"cat\":\"flow\",\"name\":\"flow\",\"id\":")
      sink.integer(id)
      if phase == "f" { sink.raw(",\"bp\":\"e\"") }
      sink.raw("}")
    }
    try sink.flushIfNeeded()
  }

  /// `C`: a counter's value from `nanoseconds` on.
  mutating func counter(_ name: String, at nanoseconds: Int64, value: Int64) throws {
    begin("C", thread: ChromeTraceExporter.storeThreadID, at: nanoseconds)
    sink.raw(",\"name\":")
    sink.string(name)
    sink.raw(",\"args\":{\"actions\":")
    sink.integer(value)
    sink.raw("}}")
    try sink.flushIfNeeded()
  }

  private mutating func complete(
    _ name: String, category: StaticString, thread: Int64, start: Int64, duration: Int64,
    args: (JSONByteSink) -> Void
  ) {
    begin("X", thread: thread, at: start)
    sink.raw(",\"dur\":")
    sink.microseconds(duration)
    sink.raw(",\"cat\":\"")
    sink.raw(category)
    sink.raw("\",\"name\":")
    sink.string(name)
    sink.raw(",\"args\":{")
    args(sink)
    sink.raw("}}")
  }
}
