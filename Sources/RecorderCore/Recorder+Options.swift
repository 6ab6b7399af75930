import Trace

extension Recorder {
  /// How a recorder records.
  ///
  /// ```swift
  /// var options = Recorder.Options()
  /// options.keyframeInterval = 200
  /// options.deniedActions = ["counter.internal.timerTicked"]
  /// options.redactedStatePaths = ["login.password"]
  /// options.redactedActionPaths = ["login.view.passwordChanged"]
  /// options.metadata = ["appVersion": "2.3", "device": "iPhone15,2", "build": "4711"]
  /// let recorder = try Recorder(path: "session.sqlite", options: options)
  /// ```
  public struct Options: Sendable, Hashable {
    /// What a recorder does when its queue is full; see ``whenFull``.
    public typealias WhenFull = TraceHeader.Options.WhenFull

    /// A full state snapshot is stored every this many recorded actions (and at the start), so the
    /// state at any action is one snapshot plus at most this many diffs.
    public var keyframeInterval = 500

    /// Actions not to store, by case path: an entry matches the action of that name and every
    /// action inside it (`"counter.internal"` matches `counter.internal.timerTicked`). They are
    /// still counted, as not captured, and the state changes they make land in the diff of the
    /// next recorded action.
    public var deniedActions: Set<String> = []

    /// State paths whose values are replaced by a redaction marker; the values are never written.
    public var redactedStatePaths: Set<String> = []

    /// Action paths whose payloads are replaced by a redaction marker: an action name redacts its
    /// whole payload, a longer path (`login.submit.password`) one field of it.
    public var redactedActionPaths: Set<String> = []

    /// The most memory the queue of work not yet written may hold. What happens past it is
    /// ``whenFull``'s choice.
    public var memoryLimit = 64 << 20

    /// What happens when the queue reaches ``memoryLimit``: ``WhenFull/wait`` (the default: the
    /// store's thread waits for the recorder, nothing is lost) or ``WhenFull/dropAndCount``
    /// (events past the limit are counted, not captured, and the trace cannot be replayed).
    ///
    /// NB: A debugger's recording that loses events shows a history that did not happen, so
    /// losing them is something to ask for; the queue is full only when the app sends faster
    /// than the recorder writes for long enough to fill 64 MiB.
    public var whenFull: WhenFull = .wait

    /// Whether an existing trace at the path is replaced. A file that is not a trace never is.
    public var replacesExisting = true

    /// What the app says about the recording (`appVersion`, `device`, `build`, a tester's
    /// name, …), stored in the trace's header: `tca-replay info` shows it, the exports carry it
    /// and `tca-replay profile --group-by KEY` compares traces by one of its keys.
    public var metadata: [String: String] = [:]

    /// Whether each action's trace row says which state paths its reducer read (the paths, not
    /// the values), for `why` to follow a value through what it was computed from. On by default
    /// in debug builds, off in release ones: a demo action recorded with reads costs 1.69x its
    /// unrecorded time, 1.33x without (docs/Performance.md). Only this runtime's hooks (the
    /// `Recorder` module) can take reads; `ReducerRecording` on TCA cannot.
    #if DEBUG
      public var recordsReads = true
    #else
      public var recordsReads = false
    #endif

    public init() {}

    /// The options as the trace header stores them.
    var traceOptions: TraceHeader.Options {
      TraceHeader.Options(
        keyframeInterval: self.keyframeInterval, deniedActions: self.deniedActions.sorted(),
        redactedStatePaths: self.redactedStatePaths.sorted(),
        redactedActionPaths: self.redactedActionPaths.sorted(), memoryLimit: self.memoryLimit,
        whenFull: self.whenFull)
    }
  }
}
