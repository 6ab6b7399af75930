import MacroTesting
import Testing

@Suite(.macros(["Reducer": MacroSpecs.reducer], indentationWidth: .spaces(2), record: .never))
struct ReducerMacroStructTests {
  @Test func fullFeature() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case incrementButtonTapped
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
        @CasePathable @_TraceCodable
        enum Action {
          case incrementButtonTapped
        }
        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func casePathableActionIsNotAnnotatedTwice() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum State: CasePathable {
        }
        @CasePathable
        enum Action {
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @dynamicMemberLookup @_TraceCodable
        enum State: CasePathable {
        }
        @CasePathable
        @_TraceCodable
        enum Action {
        }
        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func explicitReducerConformanceGetsNoExtension() {
    assertMacro {
      """
      @Reducer
      struct Feature: ComposableRuntime.Reducer, Sendable {
        struct State {}
        @CasePathable
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature: ComposableRuntime.Reducer, Sendable {
        @_TraceCodable
        struct State {}
        @CasePathable
        @_TraceCodable
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    }
  }

  @Test func missingStateActionAndBodyAreSynthesized() {
    assertMacro {
      """
      @Reducer
      struct Feature {
      }
      """
    } expansion: {
      """
      struct Feature {

        struct State: Codable, Equatable, Hashable, Sendable, ComposableRuntime.ObservableState {
          init() {
          }
        }

        enum Action: Equatable, Hashable, Sendable {
        }

        let body = ComposableRuntime.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func publicStructGivesSynthesizedMembersItsAccess() {
    assertMacro {
      """
      @Reducer
      public struct Feature {
      }
      """
    } expansion: {
      """
      public struct Feature {

        public struct State: Codable, Equatable, Hashable, Sendable, ComposableRuntime.ObservableState {
          public init() {
          }
        }

        public enum Action: Equatable, Hashable, Sendable {
        }

        public let body = ComposableRuntime.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func typealiasesCountAsStateAndAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        typealias State = Int
        typealias Action = Bool
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias State = Int
        typealias Action = Bool

        let body = ComposableRuntime.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func bodyWithReducerOfStateAndAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ComposableRuntime.ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func bodyWithQualifiedReducer() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        var body: some ComposableRuntime.Reducer<Int, Bool> { EmptyReducer() }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ComposableRuntime.ReducerBuilder<Int, Bool>
        var body: some ComposableRuntime.Reducer<Int, Bool> { EmptyReducer() }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func bodyWithReducerOfAnotherReducer() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        var body: some ReducerOf<Base> { EmptyReducer() }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ComposableRuntime.ReducerBuilder<Base.State, Base.Action>
        var body: some ReducerOf<Base> { EmptyReducer() }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func enumStateGetsCasePathableAndDynamicMemberLookup() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum State {
          case loading
          case loaded(Int)
        }
        enum Action {
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePathable @dynamicMemberLookup @_TraceCodable
        enum State {
          case loading
          case loaded(Int)
        }
        @CasePathable @_TraceCodable
        enum Action {
        }
        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func availabilityIsCopiedToTheExtension() {
    assertMacro {
      """
      @available(macOS 14, *)
      @Reducer
      struct Feature {
        let body = EmptyReducer<Int, Bool>()
      }
      """
    } expansion: {
      """
      @available(macOS 14, *)
      struct Feature {
        let body = EmptyReducer<Int, Bool>()
      }

      @available(macOS 14, *) extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func classIsDiagnosed() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to struct or enum types
      class Feature {
      }
      """
    }
  }

  @Test func protocolIsDiagnosed() {
    assertMacro {
      """
      @Reducer
      protocol Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to struct or enum types
      protocol Feature {
      }
      """
    }
  }

  @Test func reduceMethodIsDeprecated() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {
        }
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
          switch action {
          case .tapped:
            return .none
          }
        }
      }
      """
    } diagnostics: {
      """
      @Reducer
      struct Feature {
        struct State {
        }
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
             ┬─────
             ╰─ ⚠️ 'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' property and a 'Reduce'.
                ✏️ Use 'body' instead
          switch action {
          case .tapped:
            return .none
          }
        }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        struct State {
        }
        enum Action {
          case tapped
        }
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            switch action {
            case .tapped:
              return .none
            }
          }
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @_TraceCodable
        struct State {
        }
        @CasePathable @_TraceCodable
        enum Action {
          case tapped
        }
        @ComposableRuntime.ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            switch action {
            case .tapped:
              return .none
            }
          }
        }
      }

      extension Feature: ComposableRuntime.Reducer {
      }
      """
    }
  }
}
