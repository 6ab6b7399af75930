import Trace

/// What `tca-replay info` tells about a trace: its header, counts, duration, how it ended and
/// what was not captured.
public struct TraceSummary: Sendable {
  public var path: String
  public var header: TraceHeader
  public var actions: Int
  public var firstSeq: Int64?
  public var lastSeq: Int64?
  public var effects: Int
  /// Effects that had not ended when the trace did.
  public var effectsRunning: Int
  public var keyframes: Int
  /// From the start of the recording to its end (or its last event, when it did not finish).
  public var durationNanoseconds: Int64
  public var notCaptured: [NotCapturedReason: Int64]
  /// Why the trace cannot be replayed (`not replayable: …`), or `nil` when it can.
  public var notReplayable: String?

  /// Reads the summary of `trace`, with a handful of aggregate queries.
  public init(_ trace: TraceReader) throws {
    self.path = trace.path
    self.header = trace.header
    (self.actions, self.firstSeq, self.lastSeq) = try trace.actionSummary()
    (self.effects, self.effectsRunning) = try trace.effectSummary()
    self.keyframes = try trace.keyframeCount()
    self.durationNanoseconds = try trace.header.endedNanoseconds ?? trace.lastEventNanoseconds()
    self.notCaptured = try trace.notCaptured()
    self.notReplayable = try trace.notReplayable()
  }

  /// `yes`, or `no — ` and why not.
  private var replayableText: String {
    guard let reason = self.notReplayable else { return "yes" }
    let prefix = "not replayable: "
    return "no — " + (reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason)
  }

  /// The summary as aligned lines of text.
  public func text(style: TextStyle) -> String {
    let header = self.header
    let ending: String =
      if header.finishedCleanly {
        style.green("yes")
      } else if let reason = header.endReason {
        style.red("no: \(reason)")
      } else {
        style.yellow("no: still being written, or the recording process was killed")
      }
    let range =
      if let first = self.firstSeq, let last = self.lastSeq { " (seq \(first)…\(last))" } else {
        ""
      }
    let notCaptured =
      self.notCaptured.isEmpty
      ? "nothing"
      : self.notCaptured.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        .joined(separator: ", ")
    let rows: [(String, String)] = [
      ("trace", self.path),
      ("schema", "version \(header.schemaVersion), recorder \(header.recorderVersion)"),
      ("recorded by", header.recordedBy.description),
    ] + self.blindSpotsRow + [
      ("state", header.stateType),
      ("action", header.actionType),
      ("started", header.startedAt),
      ("duration", Milliseconds.format(self.durationNanoseconds)),
      ("actions", "\(self.actions)\(range)"),
      (
        "effects",
        "\(self.effects)" + (self.effectsRunning > 0 ? " (\(self.effectsRunning) not ended)" : "")
      ),
      ("keyframes", "\(self.keyframes) (every \(header.keyframeInterval) actions)"),
      ("finished cleanly", ending),
      ("not captured", self.notCaptured.isEmpty ? notCaptured : style.yellow(notCaptured)),
      ("replayable", self.notReplayable == nil ? self.replayableText : style.yellow(self.replayableText)),
    ] + self.whenFullRow + self.metadataRow + [
      ("options", header.options.traceValue.jsonText),
    ]
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { label, value in
      style.dim(label.padding(toLength: width, withPad: " ", startingAt: 0)) + "  " + value
    }.joined(separator: "\n")
  }

  /// What the way in that wrote the trace could not see, for a trace recorded through TCA's
  /// public API.
  private var blindSpotsRow: [(String, String)] {
    let blindSpots = self.header.recordedBy.blindSpots
    guard !blindSpots.isEmpty else { return [] }
    return [("not seen", blindSpots.joined(separator: "; "))]
  }

  /// What the recorder did with a full queue, for a trace that says (recorded since the choice).
  private var whenFullRow: [(String, String)] {
    switch self.header.options.whenFull {
    case nil: []
    case .wait: [("when full", "wait (the app waited for the recorder; nothing dropped)")]
    case .dropAndCount:
      [("when full", "drop and count (events past the memory limit counted, not captured)")]
    }
  }

  /// What the app said about the recording (`Recorder.Options.metadata`), for a trace that has
  /// any: `appVersion=2.3, device=iPhone15,2`, keys in order.
  private var metadataRow: [(String, String)] {
    guard !self.header.metadata.isEmpty else { return [] }
    return [
      (
        "metadata",
        self.header.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
          .joined(separator: ", ")
      )
    ]
  }

  /// The summary as JSON; `metadata` only for a trace that has any.
  public var json: TraceValue {
    let fields = self.header.metadata.sorted { $0.key < $1.key }.map {
      TraceValue.Field($0.key, .string($0.value))
    }
    let metadata: [(String, TraceValue)] = fields.isEmpty ? [] : [("metadata", .object(fields))]
    return JSONOutput.object([
      ("path", .string(self.path)),
      ("schemaVersion", .int(Int64(self.header.schemaVersion))),
      ("recorderVersion", .string(self.header.recorderVersion)),
      ("recordedBy", .string(self.header.recordedBy.rawValue)),
      ("notSeen", .array(self.header.recordedBy.blindSpots.map(TraceValue.string))),
      ("stateType", .string(self.header.stateType)),
      ("actionType", .string(self.header.actionType)),
      ("startedAt", .string(self.header.startedAt)),
      ("durationNs", .int(self.durationNanoseconds)),
      ("actions", .int(Int64(self.actions))),
      ("firstSeq", JSONOutput.int(self.firstSeq)),
      ("lastSeq", JSONOutput.int(self.lastSeq)),
      ("effects", .int(Int64(self.effects))),
      ("effectsRunning", .int(Int64(self.effectsRunning))),
      ("keyframes", .int(Int64(self.keyframes))),
      ("keyframeInterval", .int(Int64(self.header.keyframeInterval))),
      ("finishedCleanly", .bool(self.header.finishedCleanly)),
      ("replayable", .bool(self.notReplayable == nil)),
      ("notReplayableReason", JSONOutput.string(self.notReplayable)),
      ("endReason", JSONOutput.string(self.header.endReason)),
      (
        "notCaptured",
        .object(self.notCaptured.sorted { $0.key < $1.key }.map {
          .init($0.key.description, .int($0.value))
        })
      ),
      ("options", self.header.options.traceValue),
    ] + metadata)
  }
}
