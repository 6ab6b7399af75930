import ComposableRuntime
import Trace

/// How the interactive view reads a trace: a window of rows at a time, the details of the action
/// at the cursor, searches. Never the whole trace.
///
/// The live client reads a ``TraceReader`` (see ``live(_:)``); tests override the endpoints they
/// need:
///
/// ```swift
/// let store = TestStore(initialState: Browser.State(…)) {
///   Browser()
/// } withDependencies: {
///   $0.traceClient.window = { request in ActionWindow(…) }
/// }
/// ```
@DependencyClient
public struct TraceClient: Sendable {
  /// The rows a list of `request.rows` rows shows once the cursor moved as `request` asks.
  public var window: @Sendable (_ request: WindowRequest) async throws -> ActionWindow
  /// The action at `seq` and the state after it.
  public var detail: @Sendable (_ seq: Int64) async throws -> CursorDetail
  /// The next (or previous) action from a seq whose name contains the text, ignoring case.
  public var search:
    @Sendable (_ text: String, _ from: Int64, _ direction: TraceReader.SearchDirection)
      async throws -> Int64?
  /// The actions in a range that changed a state path.
  public var changes:
    @Sendable (_ path: TracePath, _ range: ClosedRange<Int64>) async throws -> Set<Int64>
  /// The next (or previous) action from a seq that changed a state path.
  public var change:
    @Sendable (_ path: TracePath, _ from: Int64, _ direction: TraceReader.SearchDirection)
      async throws -> Int64?
  /// The effects alive after action `seq`.
  public var effects: @Sendable (_ seq: Int64) async throws -> [EffectRow]
  /// The scope timings of action `seq`.
  public var scopes: @Sendable (_ seq: Int64) async throws -> [ScopeRecord]
  /// Why the value at a path is what it is after action `at`; `nil` when the path leads nowhere.
  public var cause: @Sendable (_ path: TracePath, _ at: Int64) async throws -> ValueCause?
  /// The action that started effect `id`, when the trace holds it.
  public var starter: @Sendable (_ effect: Int64) async throws -> Int64?
  /// The first action at or after `from` after which a predicate holds.
  public var match: @Sendable (_ predicate: StatePredicate, _ from: Int64) async throws -> Int64?
  /// The first and last sequence numbers now, for following a trace still being written.
  public var bounds: @Sendable () async throws -> ClosedRange<Int64>?
}

/// Which rows to show: move from `target` by `offset` rows (clamped to the trace), and show
/// `rows` rows with the cursor on row `row` (as near as the ends of the trace allow).
public struct WindowRequest: Hashable, Sendable {
  public var target: Int64
  public var offset: Int
  public var row: Int
  public var rows: Int

  public init(target: Int64, offset: Int = 0, row: Int, rows: Int) {
    self.target = target
    self.offset = offset
    self.row = row
    self.rows = rows
  }
}

/// A screenful of actions with the cursor among them.
public struct ActionWindow: Hashable, Sendable {
  /// The rows in order; empty for a trace with no actions.
  public var rows: [ActionHeadline]
  /// The seq the cursor landed on.
  public var cursor: Int64
  /// The trace's first and last seqs when the window was read.
  public var bounds: ClosedRange<Int64>?

  public init(rows: [ActionHeadline], cursor: Int64, bounds: ClosedRange<Int64>?) {
    self.rows = rows
    self.cursor = cursor
    self.bounds = bounds
  }
}

/// The action at the cursor in full, and the state after it.
public struct CursorDetail: Hashable, Sendable {
  public var action: ActionRecord
  public var state: TraceValue

  public init(action: ActionRecord, state: TraceValue) {
    self.action = action
    self.state = state
  }
}

extension TraceClient: DependencyKey {
  // NB: There is no trace to read without a path; `TerminalBrowser.run` supplies `.live(reader)`.
  public static let liveValue = TraceClient()
  public static let testValue = TraceClient()
}

extension DependencyValues {
  /// The trace the interactive view reads.
  public var traceClient: TraceClient {
    get { self[TraceClient.self] }
    set { self[TraceClient.self] = newValue }
  }
}
