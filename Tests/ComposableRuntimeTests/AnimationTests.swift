import ComposableRuntime
import Testing

@Reducer
private struct Loader {
  @ObservableState
  struct State: Equatable {
    var items: [String] = []
    var isExpanded = false
  }
  enum Action: Equatable {
    case loadButtonTapped
    case loaded([String])
    case toggleButtonTapped
    case toggled
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loadButtonTapped:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(["tent", "stove"]), animation: .easeInOut(duration: 0.3))
        }
      case let .loaded(items):
        state.items = items
        return .none
      case .toggleButtonTapped:
        return .send(.toggled, animation: .spring())
      case .toggled:
        state.isExpanded.toggle()
        return .none
      }
    }
  }
}

@MainActor
@Suite struct AnimationTests {
  @Test func sendWithAnAnimationDeliversTheActionAsIs() async {
    let clock = TestClock()
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.loadButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.loaded) {
      $0.items = ["tent", "stove"]
    }
  }

  @Test func effectSendWithAnAnimationDeliversTheActionAsIs() async {
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    }
    await store.send(.toggleButtonTapped)
    await store.receive(\.toggled) {
      $0.isExpanded = true
    }
  }

  @Test func animationsReadAsHowTheyWereMade() {
    #expect(Animation.default != .linear)
    #expect(Animation.easeInOut(duration: 0.3) == .easeInOut(duration: 0.3))
    #if !canImport(SwiftUI)
      #expect(Animation.easeIn.delay(1).description == "easeIn.delay(1.0)")
    #endif
  }

  @Test func springsAndCurvesNamedLikeSwiftUIs() {
    let animations: [Animation] = [
      .interpolatingSpring,
      .interpolatingSpring(stiffness: 3000, damping: 40),
      .interpolatingSpring(mass: 2, stiffness: 100, damping: 10, initialVelocity: 1),
      .interpolatingSpring(duration: 0.4, bounce: 0.2),
      .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5),
      .easeInOut.repeatCount(3, autoreverses: false),
    ]
    #expect(Set(animations).count == animations.count)
    #if !canImport(SwiftUI)
      #expect(
        Animation.interpolatingSpring(stiffness: 3000, damping: 40).description
          == "interpolatingSpring(mass: 1.0, stiffness: 3000.0, damping: 40.0, initialVelocity: 0.0)"
      )
    #endif
  }
}
