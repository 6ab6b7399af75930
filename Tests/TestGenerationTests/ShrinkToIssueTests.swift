import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestSupport
import Testing

/// A panel with an optional child; a tap sent to the child while it is closed is an issue the
/// runtime reports.
@Reducer
struct Panel {
  @ObservableState
  struct State: Codable, Equatable {
    var child: Child.State?
    var noise = 0
  }

  enum Action: Codable, Equatable {
    case openButtonTapped
    case closeButtonTapped
    case noise
    case child(Child.Action)
  }

  @Reducer
  struct Child {
    @ObservableState
    struct State: Codable, Equatable {
      var taps = 0
    }

    enum Action: Codable, Equatable {
      case tapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.taps += 1
        return .none
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openButtonTapped: state.child = Child.State()
      case .closeButtonTapped: state.child = nil
      case .noise: state.noise += 1
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { Child() }
  }
}

@MainActor
@Suite(.serialized) struct ShrinkToIssueTests {
  @Test func keepsTheFewestInputsUnderWhichTheRuntimeStillReportsAnIssue() async throws {
    let path = temporaryTracePath("panel")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Panel.State()) { Panel().record(to: recorder) }
    for _ in 0..<10 { store.send(.noise) }
    store.send(.openButtonTapped)  // #11
    store.send(.child(.tapped))  // #12
    store.send(.closeButtonTapped)  // #13
    for _ in 0..<10 { store.send(.noise) }
    // #24: the child is gone; the runtime reports it (expected here, while recording).
    withKnownIssue { store.send(.child(.tapped)) }
    for _ in 0..<10 { store.send(.noise) }
    await recorder.finish()

    let small = try await TestGenerator(path: path).shrink(
      Panel(), goal: .issue, module: "TestGenerationTests")
    #expect(small.keptInputs == [24])
    #expect(small.test.source.contains("await store.send(.child(.tapped))"))
    #expect(!small.test.source.contains("#expect"))
    #expect(small.test.summary.ending == "the issue the runtime reports")
  }
}
