import ComposableRuntime

/// A settings form whose fields change through bindings, as TCA's documentation writes it.
@Reducer
struct SettingsForm {
  @ObservableState
  struct State: Equatable {
    var displayName = ""
    var enableNotifications = false
    var sendMobileNotifications = false
    var isDisplayNameValid = false
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.displayName):
        state.isDisplayNameValid = state.displayName.count >= 3
        return .none
      case .binding(\.enableNotifications):
        if !state.enableNotifications { state.sendMobileNotifications = false }
        return .none
      case .binding:
        return .none
      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}

/// A form whose bindings are view actions: `BindingReducer(action: \.view)`.
@Reducer
struct ViewActionForm {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var submitted: [String] = []
  }

  enum Action: Equatable, ViewAction {
    case view(View)
    case delegate(Delegate)

    @CasePathable
    enum View: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case submitButtonTapped
    }

    @CasePathable
    enum Delegate: Equatable { case submitted(String) }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        return .none
      case .view(.submitButtonTapped):
        state.submitted.append(state.query)
        return .send(.delegate(.submitted(state.query)), animation: .default)
      case .delegate:
        return .none
      }
    }
  }
}
