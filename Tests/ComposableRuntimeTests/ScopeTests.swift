import ComposableRuntime
import Testing

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct TallyPair {
  @ObservableState
  struct State: Equatable {
    var first = Tally.State()
    var second: Tally.State?
  }
  enum Action: Equatable {
    case first(Tally.Action)
    case second(Tally.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(\.first, action: \.first) {
      Tally()
    }
    EmptyReducer()
      .ifLet(\.second, action: \.second) { Tally() }
  }
}

@MainActor
@Suite struct ScopeTests {
  @Test func scopeWithoutTheStateLabel() async {
    let store = TestStore(initialState: TallyPair.State()) {
      TallyPair()
    }
    await store.send(\.first.increment) {
      $0.first.count = 1
    }
  }

  @Test func storeScopeWithoutTheStateLabel() {
    let store = Store(initialState: TallyPair.State(second: Tally.State(count: 5))) {
      TallyPair()
    }
    let first = store.scope(\.first, action: \.first)
    first.send(.increment)
    #expect(store.first.count == 1)
    #expect(first.count == 1)
    #expect(store.scope(\.first, action: \.first) === first)

    let second = store.scope(\.second, action: \.second)
    second?.send(.increment)
    #expect(store.second?.count == 6)
  }
}

/// The same pair, built with case key paths held in variables: those take the `CaseKeyPath`
/// spellings of `Scope` and `ifLet`, where the literals above take the `AllCasePaths` ones.
private struct TallyPairThroughCaseKeyPaths: Reducer {
  typealias State = TallyPair.State
  typealias Action = TallyPair.Action
  let first: CaseKeyPath<Action, Tally.Action> = \.first
  let second: CaseKeyPath<Action, Tally.Action> = \.second
  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: self.first) {
      Tally()
    }
    EmptyReducer()
      .ifLet(\.second, action: self.second) { Tally() }
  }
}

extension ScopeTests {
  @Test func bothSpellingsOfAnActionCaseRouteAlike() {
    let literal = Store(initialState: TallyPair.State(second: Tally.State())) { TallyPair() }
    let variable = Store(initialState: TallyPair.State(second: Tally.State())) {
      TallyPairThroughCaseKeyPaths()
    }
    let actions: [TallyPair.Action] = [
      .first(.increment), .second(.increment), .first(.increment), .second(.increment),
      .second(.increment),
    ]
    for action in actions {
      literal.send(action)
      variable.send(action)
    }
    #expect(literal.first.count == 2 && literal.second?.count == 3)
    #expect(variable.first.count == 2 && variable.second?.count == 3)
  }
}
