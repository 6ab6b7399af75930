/// The header of a trace: what was recorded, by what, how, and how the recording ended.
public struct TraceHeader: Hashable, Sendable {
  public var schemaVersion: Int
  public var recorderVersion: String
  /// The root feature's `State` and `Action` type names.
  public var stateType: String
  public var actionType: String
  /// Wall-clock start of the recording, ISO 8601.
  public var startedAt: String
  /// A full state snapshot is stored every this many actions.
  public var keyframeInterval: Int
  /// The recorder's options (deny-list, redactions, memory cap).
  public var options: Options
  /// Whether the recorder finished and flushed everything. A crashed or killed recording says
  /// `false` with no end reason.
  public var finishedCleanly: Bool
  /// Why the recording ended (`finished`, or the write error that stopped it).
  public var endReason: String?
  /// Monotonic time of the end, in nanoseconds since the recording started.
  public var endedNanoseconds: Int64?
  /// The app's description of the recording (`Recorder.Options.metadata`: `appVersion`,
  /// `device`, `build`, …); empty before schema 4.
  public var metadata: [String: String]
  /// Which way in wrote the trace, and so what it could see; `hooks` before schema 6.
  public var recordedBy: RecordedBy

  /// Which way in wrote a trace.
  ///
  /// The raw values are the stored spellings.
  public enum RecordedBy: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// This runtime's instrumentation hooks (`Recorder`'s `.record(to:)`): every effect on its
    /// own with its one outcome, child-scope timings, send sites.
    case hooks = "hooks"
    /// The reducer operator of `ReducerRecording`, through TCA's public API alone.
    case reducer = "reducer"

    public var description: String {
      switch self {
      case .hooks: "instrumentation hooks"
      case .reducer: "reducer operator (TCA's public API)"
      }
    }

    /// What a trace recorded this way cannot hold, one line each; none for ``hooks``.
    public var blindSpots: [String] {
      switch self {
      case .hooks: []
      case .reducer: [
        "no send sites: TCA's send takes no file and line",
        "no child-scope timings: the reducer is timed as a whole",
        "one effect per action: what its reducer returned, merged, as one",
        "effects end as 'ended': a finish and a cancellation by id end alike",
        "no effect names, cancel ids or source locations",
      ]
      }
    }
  }

  public init(
    schemaVersion: Int = TraceSchema.version, recorderVersion: String, stateType: String,
    actionType: String, startedAt: String, keyframeInterval: Int, options: Options,
    finishedCleanly: Bool = false, endReason: String? = nil, endedNanoseconds: Int64? = nil,
    metadata: [String: String] = [:], recordedBy: RecordedBy = .hooks
  ) {
    self.metadata = metadata
    self.recordedBy = recordedBy
    self.schemaVersion = schemaVersion
    self.recorderVersion = recorderVersion
    self.stateType = stateType
    self.actionType = actionType
    self.startedAt = startedAt
    self.keyframeInterval = keyframeInterval
    self.options = options
    self.finishedCleanly = finishedCleanly
    self.endReason = endReason
    self.endedNanoseconds = endedNanoseconds
  }
}
