import Foundation
import Trace

/// Writes a trace as OTLP/JSON, the `ExportTraceServiceRequest` an OpenTelemetry Collector's file
/// receiver reads: the spans a store traced with `.traced()` would have emitted live, with the
/// recorded times.
///
/// The recording is one resource (its app, its id and metadata) holding one trace: a span per
/// action, a child span per scope it ran through, and a span per effect from its start to its
/// outcome, a child of the action that started it and the parent of the actions it sent back.
/// Ids are derived from the recording, so an export repeated gives the same ids. Streamed: rows
/// are read one at a time and written a megabyte at a time.
///
/// ```swift
/// let summary = try OTLPExporter(trace: trace).export(to: "session.otlp.json")
/// ```
public struct OTLPExporter {
  /// The trace to export.
  public var trace: TraceReader

  /// What an export wrote.
  public struct Summary: Hashable, Sendable {
    /// How many spans.
    public var spans: Int
    /// The size of the file.
    public var bytes: Int
    /// The trace id every span carries, as 32 hex digits.
    public var traceID: String
  }

  /// An exporter of `trace`.
  public init(trace: TraceReader) {
    self.trace = trace
  }

  /// Writes the export to `path`, replacing what is there.
  public func export(to path: String) throws -> Summary {
    let origin = try Self.origin(of: trace.header)
    let sink = try JSONByteSink(path: path)
    let identity = OTLPIdentity(header: trace.header)
    var writer = OTLPSpanWriter(sink: sink, traceID: identity.traceID)
    writer.begin(
      resource: Self.resourceAttributes(trace.header, recordingID: identity.recordingID),
      scopeVersion: trace.header.recorderVersion)
    try self.forEachSpan(identity: identity, origin: origin) { try writer.span($0) }
    writer.end()
    try sink.close()
    return Summary(spans: writer.count, bytes: sink.bytesWritten, traceID: identity.traceID)
  }

  /// The export as requests of at most `spanLimit` spans each, every one a whole
  /// `ExportTraceServiceRequest` with the recording's resource, handed to `send` in order (for
  /// an OTLP/HTTP receiver, see ``OTLPHTTPSender``). Only one request is in memory at a time.
  ///
  /// ```swift
  /// let sender = try OTLPHTTPSender(endpoint: "http://localhost:4318")
  /// try OTLPExporter(trace: trace).export(batchesOf: 1000) { try sender.post($0) }
  /// ```
  public func export(batchesOf spanLimit: Int, send: ([UInt8]) throws -> Void) throws -> Summary {
    let origin = try Self.origin(of: trace.header)
    let sink = JSONByteSink()
    let identity = OTLPIdentity(header: trace.header)
    let resource = Self.resourceAttributes(trace.header, recordingID: identity.recordingID)
    var writer = OTLPSpanWriter(sink: sink, traceID: identity.traceID)
    var spans = 0
    try self.forEachSpan(identity: identity, origin: origin) { span in
      if writer.count == 0 {
        writer.begin(resource: resource, scopeVersion: trace.header.recorderVersion)
      }
      try writer.span(span)
      spans += 1
      if writer.count == max(spanLimit, 1) {
        writer.end()
        try send(sink.take())
        writer = OTLPSpanWriter(sink: sink, traceID: identity.traceID)
      }
    }
    if writer.count > 0 {
      writer.end()
      try send(sink.take())
    }
    return Summary(spans: spans, bytes: sink.bytesWritten, traceID: identity.traceID)
  }

  /// The recording's start in nanoseconds since 1970; an error for a header whose start time
  /// cannot be read.
  static func origin(of header: TraceHeader) throws -> Int64 {
    guard let origin = Self.unixNanoseconds(iso8601: header.startedAt) else {
      throw ReportError.unreadableStartTime(header.startedAt)
    }
    return origin
  }

  /// Every span of the export, actions (with their scopes) in order, then effects.
  func forEachSpan(
    identity: OTLPIdentity, origin: Int64, _ body: (OTLPSpan) throws -> Void
  ) throws {
    let header = trace.header
    try trace.forEachActionSlice(countingChangedPaths: true) { action in
      for span in Self.spans(of: action, identity: identity, origin: origin) {
        try body(span)
      }
    }
    let traceEnd = try header.endedNanoseconds ?? trace.lastEventNanoseconds()
    try trace.forEachEffect(matching: EffectFilter()) { effect, _ in
      try body(Self.span(of: effect, identity: identity, origin: origin, traceEnd: traceEnd))
    }
  }

  /// The resource: the app (the state type's module), the recording's id, where it came from,
  /// and the app's metadata (`Recorder.Options.metadata`), each key as `tca.metadata.KEY`.
  static func resourceAttributes(
    _ header: TraceHeader, recordingID: String
  ) -> [(key: String, value: OTLPSpan.Value)] {
    let module = header.stateType.split(separator: ".").first.map(String.init)
    return [
      ("service.name", .string(module.flatMap { $0.isEmpty ? nil : $0 } ?? "tca-replay")),
      ("tca.recording.id", .string(recordingID)),
      ("tca.recording.started_at", .string(header.startedAt)),
      ("tca.recording.state_type", .string(header.stateType)),
      ("tca.recorder.version", .string(header.recorderVersion)),
    ]
      + header.metadata.sorted { $0.key < $1.key }.map {
        ("tca.metadata.\($0.key)", .string($0.value))
      }
  }

  /// The action's span and its scopes' spans. Scopes have durations but no start times, so each
  /// is laid out from its parent's start, siblings one after another.
  static func spans(
    of action: ActionSlice, identity: OTLPIdentity, origin: Int64
  ) -> [OTLPSpan] {
    let actionID = identity.action(action.seq)
    let start = action.startNanoseconds
    let end = start + action.durationNanoseconds
    var spans = [
      OTLPSpan(
        spanID: actionID, parentSpanID: action.effectID.map(identity.effect),
        name: action.name, startUnixNanoseconds: origin + start,
        endUnixNanoseconds: origin + end,
        attributes: [
          (OTLPAttribute.actionOrigin, .string(action.effectID == nil ? "send" : "effect")),
          (OTLPAttribute.actionSeq, .int(action.seq)),
        ]
          + (action.changedPaths.map { [(OTLPAttribute.actionChangedPaths, .int(Int64($0)))] }
            ?? []))
    ]
    var scopeIDs: [String] = []
    for scope in ScopeLayout(action).scopes {
      let id = identity.scope(action.seq, path: scope.record.path)
      scopeIDs.append(id)
      spans.append(
        OTLPSpan(
          spanID: id, parentSpanID: scope.parent.map { scopeIDs[$0] } ?? actionID,
          name: scope.record.path, startUnixNanoseconds: origin + scope.start,
          endUnixNanoseconds: origin + scope.start + scope.duration,
          attributes: [(OTLPAttribute.scopePath, .string(scope.record.path))]))
    }
    return spans
  }

  /// The effect's span, from its start to its outcome, or to the end of the trace when it never
  /// ended.
  static func span(
    of effect: EffectRow, identity: OTLPIdentity, origin: Int64, traceEnd: Int64
  ) -> OTLPSpan {
    let start = effect.start
    var attributes: [(key: String, value: OTLPSpan.Value)] = [
      (OTLPAttribute.effectKind, .string(start.kind.rawValue))
    ]
    if let name = start.name { attributes.append((OTLPAttribute.effectName, .string(name))) }
    if let location = start.location {
      attributes.append((OTLPAttribute.effectLocation, .string(location)))
    }
    if !start.cancelIDs.isEmpty {
      attributes.append((OTLPAttribute.effectCancelIDs, .strings(start.cancelIDs)))
    }
    if let end = effect.end {
      attributes.append((OTLPAttribute.effectOutcome, .string(end.outcome.spelling.rawValue)))
      if let reason = end.reason {
        attributes.append(
          (OTLPAttribute.effectCancellationReason, .string(reason.spelling.rawValue)))
        if let id = reason.cancelID {
          attributes.append((OTLPAttribute.effectCancelledBy, .string(id)))
        }
      }
      if let error = end.error { attributes.append((OTLPAttribute.effectError, .string(error))) }
    }
    return OTLPSpan(
      spanID: identity.effect(start.id), parentSpanID: identity.action(start.actionSeq),
      name: start.name ?? "\(start.kind.rawValue) effect",
      startUnixNanoseconds: origin + start.startNanoseconds,
      endUnixNanoseconds: origin + (effect.end?.endNanoseconds ?? traceEnd),
      attributes: attributes, error: effect.end?.error)
  }

  /// A header's `startedAt` (ISO 8601, with or without fractions of a second) as nanoseconds since
  /// 1970.
  static func unixNanoseconds(iso8601 text: String) -> Int64? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var date = formatter.date(from: text)
    if date == nil {
      formatter.formatOptions = [.withInternetDateTime]
      date = formatter.date(from: text)
    }
    // NB: Rounded to the millisecond the header keeps, so no floating-point noise reaches the
    // nanoseconds.
    return date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) * 1_000_000 }
  }
}
