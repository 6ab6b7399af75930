import ComposableRuntime
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder

/// A notebook whose notes are shared; one action writes two of them, each with its own
/// `withLock`.
@Reducer
struct Notebook {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("sharedValueChangedTwiceNotes")) var notes: [String] = []
    var pages = 0
  }

  enum Action: Equatable {
    case twoNotesTaken
    case pageTurned
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .twoNotesTaken:
        state.$notes.withLock { $0.append("first") }
        state.$notes.withLock { $0.append("second") }
      case .pageTurned:
        state.pages += 1
      }
      return .none
    }
  }
}

@MainActor
@Suite struct SharedValueChangedTwiceTests {
  /// The action's diff goes from the value before its first change to the value after its last:
  /// a diff from the value in between would lose the first note, and `show`, `changes` and `why`
  /// with it (a replay would not notice, since it makes the same diff).
  @Test func anActionThatChangesASharedValueTwiceRecordsBothChanges() async throws {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Notebook.State()) { Notebook().record(to: recorder) }
    store.send(.pageTurned)
    store.send(.twoNotesTaken)
    store.send(.pageTurned)
    await recorder.finish()
    #expect(recorder.endReason == "finished")

    let trace = try TraceReader(path: path)
    let actions = try trace.actions(in: 1...3)
    #expect(
      actions.map { $0.diff.map(\.description) } == [
        ["replace pages 0 → 1"],
        [#"insert  notes[0] "first""#, #"insert  notes[1] "second""#],
        ["replace pages 1 → 2"],
      ])
    #expect(
      try trace.state(at: 2).value(at: TracePath(parsing: "notes"))
        == .array([.string("first"), .string("second")]))
  }
}
