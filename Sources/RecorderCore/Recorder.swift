import ConcurrencyExtras
import InstrumentationValues
import Foundation
@_spi(Testing) import Trace

/// Records a store into a trace file: every action, the state change it made, every effect's life
/// and the time spent in each child scope.
///
/// ```swift
/// let recorder = try Recorder(path: "session.sqlite")
/// let store = Store(initialState: AppFeature.State()) {
///   AppFeature().record(to: recorder)
/// }
/// …
/// await recorder.finish()
/// ```
///
/// On the store's thread recording costs a few clock reads, a copy of the state (copy-on-write)
/// and an enqueue. Reflection, diffing, encoding and writing happen on the recorder's own thread,
/// in transactions about every 50 ms. A normal process exit flushes too; a crash loses at most the
/// last batch, and the trace then says it did not finish cleanly.
public final class Recorder: @unchecked Sendable {
  // NB: @unchecked: `session` is set once, under `lock`, when the recorder attaches to a store.
  public let path: String
  public let options: Options
  private let writer: TraceWriter
  private let lock = NSLock()
  private var session: (any RecordingSessionControl)?
  private let origin = MonotonicClock.now()
  /// Records the values the store reads from its non-deterministic dependencies.
  package let dependencyCapture = DependencyCapture()

  /// The version written in every trace's header.
  public static let version = "0.1.0"

  /// Creates the trace file at `path` (mode 0600), ready for a store to record into.
  public init(path: String, options: Options = Options()) throws {
    self.path = path
    self.options = options
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    self.writer = try TraceWriter(
      path: path,
      header: TraceHeader(
        recorderVersion: Self.version, stateType: "", actionType: "",
        startedAt: formatter.string(from: Date()), keyframeInterval: options.keyframeInterval,
        options: options.traceOptions, metadata: options.metadata),
      replacingExisting: options.replacesExisting)
    Self.flushAtExit(self)
  }

  /// Writes everything queued, marks the trace as finished cleanly and closes it.
  public func finish() async {
    guard let session = self.currentSession else { return }
    // NB: The queue is closed on the store's actor, between two of its events: the store appends
    // without a lock, so closing from another thread could race with an append in flight.
    await MainActor.run { session.closeQueue() }
    await session.finish()
  }

  /// Waits until every event recorded so far is committed, so a reader sees it.
  public func flush() async {
    await self.currentSession?.flush()
  }

  /// Why the recording ended, once it has: `finished`, or the error that stopped it.
  public var endReason: String? {
    self.currentSession?.endReason
  }

  /// Makes writes fail once the file has grown by `pages` pages; for tests of the failure path.
  @_spi(Testing)
  public func _limitPageCount(growingBy pages: Int) throws {
    try self.writer.limitPageCount(growingBy: pages)
  }

  private var currentSession: (any RecordingSessionControl)? {
    self.lock.lock()
    defer { self.lock.unlock() }
    return self.session
  }

  /// Starts recording a store of these types from `initialState`, and returns the observer its
  /// way in tells of every action, effect and scope.
  ///
  /// - Parameter reducing: the action being reduced on the calling thread, as the way in knows
  ///   it: what a dependency read or a change to a shared value is attributed to.
  @MainActor
  package func attach<State, Action>(
    initialState: State, recordedBy: TraceHeader.RecordedBy,
    reducing: @escaping @Sendable () -> ActionID?
  ) -> RecordingObserver<State, Action> {
    self.lock.lock()
    defer { self.lock.unlock() }
    precondition(self.session == nil, "A recorder records one store; make one recorder per store.")
    let layout = ActionPayloadLayout(state: State.self, action: Action.self)
    let session = RecordingSession(
      writer: self.writer, options: self.options, initialState: initialState,
      origin: self.origin, payloads: layout.slots, reducing: reducing)
    self.session = session
    self.dependencyCapture.attach(session.queue, reducing: reducing)
    SharedChangeObservers.add(session.shared)
    session.start(
      stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self),
      recordedBy: recordedBy,
      notReplayable: recordedBy == .reducer
        ? Self.notReplayableThroughTheReducer
        : Self.notReplayable(State.self, Action.self, options: self.options))
    return RecordingObserver<State, Action>(
      queue: session.queue, shared: session.shared, layout: layout,
      readLog: self.options.recordsReads && recordedBy == .hooks
        ? StateReadLog(root: State.self) : nil,
      dependencies: self.dependencyCapture)
  }

  /// Why a trace the reducer operator recorded cannot be replayed, yet.
  static var notReplayableThroughTheReducer: String {
    "not replayable: recorded through TCA's public API (ReducerRecording), which sees one effect "
      + "per action where a replay compares every effect; replaying such traces is not built yet"
  }

  /// Why a store of these types, recorded with `options`, cannot be replayed; `nil` if it can.
  static func notReplayable(_ state: Any.Type, _ action: Any.Type, options: Options) -> String? {
    for type in [action, state] where !(type is any Codable.Type) {
      return "not replayable: \(String(reflecting: type)) is not Codable"
    }
    if !options.redactedStatePaths.isEmpty || !options.redactedActionPaths.isEmpty {
      return "not replayable: redacted values are never written, and a replay needs them"
    }
    return nil
  }

  private static let openRecorders = LockIsolated<[ObjectIdentifier: WeakRecorder]>([:])

  private static func flushAtExit(_ recorder: Recorder) {
    Self.openRecorders.withValue { $0[ObjectIdentifier(recorder)] = WeakRecorder(recorder) }
    _ = Self.registerExitHandler
  }

  private static let registerExitHandler: Void = {
    atexit {
      for recorder in Recorder.openRecorders.value.values.compactMap(\.recorder) {
        recorder.currentSession?.finishBlocking()
      }
    }
  }()

  deinit {
    Self.openRecorders.withValue { $0[ObjectIdentifier(self)] = nil }
    // NB: The store that recorded into this recorder held it, so it is gone and sends nothing
    // more: what it queued is written now rather than lost (a test store released at the end of
    // its test, say).
    self.session?.finishBlocking()
  }
}

private struct WeakRecorder: @unchecked Sendable {
  weak var recorder: Recorder?
  init(_ recorder: Recorder) { self.recorder = recorder }
}

/// What the recorder needs of its worker without knowing the store's types.
protocol RecordingSessionControl: AnyObject, Sendable {
  func closeQueue()
  func finish() async
  func flush() async
  func finishBlocking()
  var endReason: String? { get }
}

extension RecordingSession: RecordingSessionControl {
  func closeQueue() {
    self.queue.close()
  }
}
