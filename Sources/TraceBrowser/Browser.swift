import ComposableRuntime
import Foundation
import Trace

/// The interactive view's model: a cursor over a trace's actions, the window of rows around it,
/// the action and state at the cursor, search, a watched path, overlays, folding and follow mode.
///
/// Every read goes through ``TraceClient`` in an effect, a window of rows at a time; keys arrive as
/// ``Action/key(_:)`` and the terminal's size as ``Action/resized(_:)``.
///
/// ```swift
/// let store = Store(initialState: Browser.State(title: "session.sqlite", size: size)) {
///   Browser()
/// } withDependencies: {
///   $0.traceClient = .live(reader)
/// }
/// store.send(.task)
/// store.send(.key(.character("j")))
/// ```
@Reducer
public struct Browser {
  @ObservableState
  public struct State: Equatable {
    /// The trace's name on the title row.
    public var title: String
    /// The root state's type name, the name of the tree's root.
    public var stateType: String
    public var size: TerminalSize
    /// The seq to open on; the first action when `nil`.
    public var start: Int64?
    /// The trace's first and last seqs, `nil` while unknown or when it has no actions.
    public var bounds: ClosedRange<Int64>?
    /// The rows the list shows.
    public var rows: [ActionHeadline] = []
    /// The seq of the action at the cursor.
    public var cursor: Int64 = 0
    /// The action and state at the cursor, once read.
    public var detail: CursorDetail?
    public var focus: Focus = .actions
    /// The nodes of the state tree shown closed.
    public var folded: Set<TracePath> = []
    /// The node of the state tree that Enter or Space folds.
    public var selection = TracePath()
    /// The line being typed after `:`, `/` or `w`.
    public var prompt: Prompt?
    /// The last text searched for, for `n` and `N`.
    public var search: String?
    public var watch: Watch?
    public var overlay: Overlay?
    public var isFollowing = false
    /// One line for the status row: a search that found nothing, a path that does not parse.
    public var message: String?
    /// Set by `q`: the terminal edge restores the terminal and exits.
    public var isFinished = false
    /// The seqs the cursor left by `o`, `f` or a row of the why panel, latest last: `'` goes
    /// back to the latest, as an editor's jump list does.
    public var jumps: [Int64] = []

    public init(
      title: String, stateType: String = "State", size: TerminalSize, start: Int64? = nil
    ) {
      self.title = title
      self.stateType = stateType
      self.size = size
      self.start = start
    }

    /// Where each pane sits at the current size.
    public var layout: BrowserLayout { BrowserLayout(size: self.size) }

    /// The row of the cursor in ``rows``.
    public var cursorRow: Int? { self.rows.firstIndex { $0.seq == self.cursor } }

    /// The headline at the cursor.
    public var cursorHeadline: ActionHeadline? { self.cursorRow.map { self.rows[$0] } }

    /// The state tree at the cursor with the current folds, once the state is read.
    public var tree: StateTree? {
      self.detail.map { StateTree($0.state, rootName: self.stateType, folded: self.folded) }
    }
  }

  /// Which pane the arrow keys move in.
  public enum Focus: Hashable, Sendable {
    case actions
    case state
  }

  /// A line being typed on the status row.
  public struct Prompt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      /// `:` N: jump to seq N.
      case jump
      /// `/` TEXT: search action names.
      case search
      /// `w` PATH: watch a state path.
      case watch
      /// `y` PATH: why the value at a path is what it is at the cursor.
      case why
      /// `f` PREDICATE: the next action after which a predicate holds.
      case find
    }
    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, text: String = "") {
      self.kind = kind
      self.text = text
    }
  }

  /// A watched state path and which of the rows shown changed it.
  public struct Watch: Hashable, Sendable {
    public var path: TracePath
    public var marked: Set<Int64>

    public init(path: TracePath, marked: Set<Int64> = []) {
      self.path = path
      self.marked = marked
    }
  }

  /// A panel over the list and the state tree.
  public enum Overlay: Hashable, Sendable {
    case help
    /// The effects alive after the action `seq`.
    case effects(seq: Int64, [EffectRow])
    /// The scope timings of the action `seq`.
    case scopes(seq: Int64, [ScopeRecord])
    /// Why the value at a path is what it is after the action `seq`, with the link selected;
    /// Enter jumps to the selected link's action.
    case why(seq: Int64, ValueCause, selected: Int)
  }

  public enum Action: Equatable, Sendable {
    /// Read the first window; send once, when the view appears.
    case task
    case key(Key)
    case resized(TerminalSize)
    case windowLoaded(Result<ActionWindow, BrowserFailure>, note: String? = nil)
    case detailLoaded(Result<CursorDetail, BrowserFailure>)
    case marksLoaded(Result<Set<Int64>, BrowserFailure>)
    /// A search, a watch jump: the seq found, or the message to show when nothing was; `note`
    /// goes on the status line with a seq found (a search that wrapped around says so).
    case found(Result<Int64?, BrowserFailure>, missing: String, note: String? = nil)
    /// The same for a jump the jump list remembers (`o`, `f`): the cursor is kept for `'`.
    case leapFound(Result<Int64?, BrowserFailure>, missing: String)
    /// The why chain of a path at the cursor; `nil` when the path leads nowhere there.
    case whyLoaded(Result<ValueCause?, BrowserFailure>, path: TracePath, seq: Int64)
    case overlayLoaded(Result<Overlay, BrowserFailure>)
    case followed(Result<ClosedRange<Int64>?, BrowserFailure>)
  }

  enum CancelID {
    case window
    case detail
    case marks
    case follow
  }

  /// How often follow mode looks for new actions.
  static let followInterval = Duration.milliseconds(200)

  @Dependency(\.traceClient) var client
  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        let rows = state.layout.mainRows
        let row = state.start == nil ? 0 : rows / 2
        return self.loadWindow(
          WindowRequest(target: state.start ?? .min, row: row, rows: rows))

      case let .key(key):
        return self.handle(key, &state)

      case let .resized(size):
        guard size != state.size else { return .none }
        state.size = size
        let rows = state.layout.mainRows
        let row = min(state.cursorRow ?? 0, rows - 1)
        // NB: A smaller screen keeps rows it already has, with no read: a key typed right after
        // the resize then moves from the rows on screen, and no late window can undo it.
        if let cursorRow = state.cursorRow, rows <= state.rows.count {
          let first = cursorRow - row
          state.rows = Array(state.rows[first..<first + rows])
          return self.loadMarks(state)
        }
        return self.loadWindow(WindowRequest(target: state.cursor, row: row, rows: rows))

      case let .windowLoaded(.success(window), note):
        let moved = window.cursor != state.cursor || state.detail == nil
        state.rows = window.rows
        state.cursor = window.cursor
        state.bounds = window.bounds
        state.message = note.flatMap { $0.isEmpty ? nil : $0 }
        // NB: One after the other, so the frames (and the tests) see them in one order.
        return .concatenate(moved ? self.loadDetail(state) : .none, self.loadMarks(state))

      case let .windowLoaded(.failure(failure), _),
        let .detailLoaded(.failure(failure)),
        let .marksLoaded(.failure(failure)),
        let .found(.failure(failure), _, _),
        let .leapFound(.failure(failure), _),
        let .whyLoaded(.failure(failure), _, _),
        let .overlayLoaded(.failure(failure)),
        let .followed(.failure(failure)):
        state.message = failure.description
        return .none

      case let .detailLoaded(.success(detail)):
        guard detail.action.seq == state.cursor else { return .none }
        state.detail = detail
        if StateTree(detail.state, rootName: state.stateType, folded: state.folded)
          .index(of: state.selection) == nil
        {
          state.selection = TracePath()
        }
        return .none

      case let .marksLoaded(.success(marked)):
        state.watch?.marked = marked
        return .none

      case let .found(.success(seq?), _, note):
        return self.jump(to: seq, &state, note: note)

      case let .found(.success(nil), missing, _), let .leapFound(.success(nil), missing):
        state.message = missing
        return .none

      case let .leapFound(.success(seq?), _):
        return self.leap(to: seq, &state)

      case let .whyLoaded(.success(cause?), _, seq):
        guard seq == state.cursor else { return .none }
        state.overlay = .why(seq: seq, cause, selected: 0)
        return .none

      case let .whyLoaded(.success(nil), path, seq):
        let name = path.description.isEmpty ? "(root)" : path.description
        state.message = "no value at \(name) after #\(seq)"
        return .none

      case let .overlayLoaded(.success(overlay)):
        state.overlay = overlay
        return .none

      case let .followed(.success(bounds)):
        // NB: The first answer moves to the last action too, as `less +F` starts at the end.
        guard state.isFollowing, let bounds,
          bounds != state.bounds || state.cursor != bounds.upperBound
        else { return .none }
        let rows = state.layout.mainRows
        return self.loadWindow(WindowRequest(target: bounds.upperBound, row: rows - 1, rows: rows))
      }
    }
  }
}
