import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A feature whose `State` and `Action` have members under `#if`, in compiled and compiled-out
/// clauses, none `Codable`: the synthesized coding repeats the blocks, so the session records
/// as replayable, replays identically, and a changed reducer diverges at the action it changed.
@MainActor
@Suite struct ConditionalMembersReplayTests {
  @Reducer
  struct Notes {
    @ObservableState
    struct State: Equatable {
      var count = 0
      #if os(Linux)
        var platformNotes: [String] = []
      #else
        var otherNotes: [String] = []
      #endif
      #if canImport(NoSuchModuleAnywhere)
        var neverCompiled = 0
      #endif
    }
    enum Action {
      case tapped
      #if os(Linux)
        case noted(String, times: Int)
      #elseif canImport(NoSuchModuleAnywhere)
        case neverSent
      #else
        case notedElsewhere(String)
      #endif
      #if DEBUG
        case debugOnly(Picked)
      #endif
    }
    enum Picked: Equatable {
      case none
      case one(Int)
    }
    var countsTwice = false

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tapped:
          state.count += self.countsTwice ? 2 : 1
        #if os(Linux)
          case let .noted(note, times):
            state.platformNotes += Array(repeating: note, count: times)
        #elseif canImport(NoSuchModuleAnywhere)
          case .neverSent: break
        #else
          case let .notedElsewhere(note): state.otherNotes.append(note)
        #endif
        #if DEBUG
          case .debugOnly(.none): break
          case let .debugOnly(.one(value)): state.count += value
        #endif
        }
        return .none
      }
    }
  }

  func record(at path: String) async throws {
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Notes.State()) { Notes().record(to: recorder) }
    store.send(.noted("hi", times: 2))
    store.send(.debugOnly(.one(5)))
    store.send(.debugOnly(.none))
    store.send(.tapped)
    await recorder.finish()
  }

  @Test func recordsAsReplayableAndReplaysIdentically() async throws {
    #expect((Notes.State.self as Any.Type) is any Codable.Type)
    #expect((Notes.Action.self as Any.Type) is any Codable.Type)
    let path = temporaryPath()
    try await self.record(at: path)
    #expect(try TraceReader(path: path).notReplayable() == nil)
    let actions = try TraceReader(path: path).actionSummary()
    #expect(actions.count == 4)
    await assertReplays(path, Notes())
  }

  @Test func aChangedReducerDivergesAtTheActionItChanged() async throws {
    let path = temporaryPath()
    try await self.record(at: path)
    await withKnownIssue {
      await assertReplays(path, Notes(countsTwice: true))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
      return text.contains("diverged at #4")
    }
  }
}
