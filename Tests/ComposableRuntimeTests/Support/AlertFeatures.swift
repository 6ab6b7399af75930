import ComposableRuntime

/// A list whose rows are deleted after an alert confirms it, as TCA's documentation writes it.
@Reducer
struct DeletingList {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var names = ["Blob", "Blob Jr.", "Blob Sr."]
    var lastConfirmedAlertWasPresent: Bool?
  }

  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case deleteButtonTapped(index: Int)
    case replaceWithFollowUp

    @CasePathable
    enum Alert: Hashable {
      case confirmDeletion(index: Int)
      case showFollowUp
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .alert(.presented(.confirmDeletion(index))):
        state.lastConfirmedAlertWasPresent = state.alert != nil
        state.names.remove(at: index)
        return .none
      case .alert(.presented(.showFollowUp)):
        state.alert = Self.followUp()
        return .none
      case .alert:
        return .none
      case let .deleteButtonTapped(index):
        state.alert = Self.deleteAlert(index: index, name: state.names[index])
        return .none
      case .replaceWithFollowUp:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  static func deleteAlert(index: Int, name: String) -> AlertState<Action.Alert> {
    AlertState {
      TextState("Delete \(name)?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(index: index)) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("This cannot be undone.")
    }
  }

  static func followUp() -> AlertState<Action.Alert> {
    AlertState {
      TextState("Are you sure?")
    } actions: {
      ButtonState(action: .showFollowUp) { TextState("Ask again") }
    }
  }
}

/// A form with a sheet, an alert and a dialog in one `@Reducer enum Destination`.
@Reducer
struct Settings {
  @Reducer
  enum Destination {
    case alert(AlertState<Alert>)
    case dialog(ConfirmationDialogState<Dialog>)
    case other(Other)

    @CasePathable
    enum Alert: Equatable { case confirmSignOut }
    @CasePathable
    enum Dialog: Equatable { case clearCache, clearEverything }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var isSignedIn = true
    var cacheSize = 10
  }

  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case signOutButtonTapped
    case clearButtonTapped
    case otherButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.confirmSignOut))):
        state.isSignedIn = false
        return .none
      case .destination(.presented(.dialog(.clearCache))):
        state.cacheSize = 0
        return .none
      case .destination(.presented(.dialog(.clearEverything))):
        state.cacheSize = 0
        state.isSignedIn = false
        return .none
      case .destination:
        return .none
      case .signOutButtonTapped:
        state.destination = .alert(Self.signOutAlert)
        return .none
      case .clearButtonTapped:
        state.destination = .dialog(Self.clearDialog)
        return .none
      case .otherButtonTapped:
        state.destination = .other(Other.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }

  static let signOutAlert = AlertState<Destination.Alert> {
    TextState("Sign out?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmSignOut) { TextState("Sign out") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }

  static let clearDialog = ConfirmationDialogState<Destination.Dialog>(titleVisibility: .visible) {
    TextState("Clear")
  } actions: {
    ButtonState(action: .clearCache) { TextState("Cache") }
    ButtonState(role: .destructive, action: .clearEverything) { TextState("Everything") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }
}
extension Settings.Destination.State: Equatable {}
extension Settings.Destination.Action: Equatable {}

/// An alert in plain optional state (not `@Presents`), run by the `ifLet` for ephemeral state.
@Reducer
struct PlainAlert {
  @ObservableState
  struct State: Equatable {
    var alert: AlertState<Action.Alert>?
    var alertWasPresentWhenParentRan: Bool?
    var isConfirmed = false
  }

  enum Action: Equatable {
    case alert(Alert)
    case showAlertButtonTapped

    @CasePathable
    enum Alert: Equatable { case confirm }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.confirm):
        state.alertWasPresentWhenParentRan = state.alert != nil
        state.isConfirmed = true
        return .none
      case .showAlertButtonTapped:
        state.alert = Self.alert
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
  }

  static let alert = AlertState<Action.Alert> {
    TextState("Confirm?")
  } actions: {
    ButtonState(action: .confirm) { TextState("OK") }
  }
}
