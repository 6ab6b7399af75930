import ComposableRuntime

/// A profile form in the style of TCA's case studies: fields edited through bindings, a save
/// confirmed by an alert, and a reset chosen in a confirmation dialog.
///
/// - `binding` actions come from the form's fields (one per keystroke in a text field); the
///   feature sees each with the state already updated, and checks the name as it is typed.
/// - Saving asks first: an `AlertState` whose `confirmSave` button stores the profile. An empty
///   name gets an alert that only explains.
/// - Resetting offers a choice in a `ConfirmationDialogState`: the name only, or everything.
/// - Alerts and dialogs are ephemeral: they are gone once a button has been tapped.
/// - The temperature unit is a setting shared with the search (`@Shared(.temperatureUnit)`):
///   picking one here changes how the search shows temperatures.
@Reducer
public struct ProfileFeature: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The name being typed.
    public var name = ""
    /// A line about the person.
    public var bio = ""
    /// Whether others can see the profile.
    public var isPublic = false
    /// Why the name cannot be saved as typed, shown under the field.
    public var nameProblem: String?
    /// The profile as last saved.
    public var saved: Profile?
    /// The save confirmation, or why the profile cannot be saved.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The choice of what to reset.
    @Presents public var dialog: ConfirmationDialogState<Action.Dialog>?
    /// How temperatures are shown, here and in the search.
    @Shared(.temperatureUnit) public var temperatureUnit = TemperatureUnit.celsius

    /// A form with the given fields, and a profile saved before.
    public init(name: String = "", bio: String = "", saved: Profile? = nil) {
      self.name = name
      self.bio = bio
      self.saved = saved
    }
  }

  /// A saved profile.
  public struct Profile: Codable, Equatable, Sendable {
    /// The saved name.
    public var name: String
    /// The saved bio.
    public var bio: String
    /// Whether the saved profile is public.
    public var isPublic: Bool

    /// A saved profile.
    public init(name: String, bio: String, isPublic: Bool) {
      self.name = name
      self.bio = bio
      self.isPublic = isPublic
    }
  }

  /// The form's actions: field changes (`binding`), buttons (`view`), and the buttons of the
  /// alert and the dialog.
  // NB: Not declared `Codable`: `@Reducer` synthesizes its coding, bindings included.
  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case view(View)
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case saveButtonTapped
      case resetButtonTapped
      case temperatureUnitPicked(TemperatureUnit)
    }

    @CasePathable
    public enum Alert: Codable, Equatable, Sendable {
      case confirmSave
    }

    @CasePathable
    public enum Dialog: Codable, Equatable, Sendable {
      case resetName
      case resetEverything
    }
  }

  /// The longest name the form accepts.
  public static let maximumNameLength = 20

  /// The feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.nameProblem =
          state.name.count > Self.maximumNameLength
          ? "At most \(Self.maximumNameLength) characters" : nil
        return .none

      case .binding:
        return .none

      case .view(.saveButtonTapped):
        state.alert =
          state.name.isEmpty || state.nameProblem != nil
          ? Self.cannotSaveAlert(state.nameProblem ?? "Enter a name first.")
          : Self.saveAlert(name: state.name)
        return .none

      case .alert(.presented(.confirmSave)):
        state.saved = Profile(name: state.name, bio: state.bio, isPublic: state.isPublic)
        return .none

      case .alert:
        return .none

      case .view(.resetButtonTapped):
        state.dialog = Self.resetDialog
        return .none

      case let .view(.temperatureUnitPicked(unit)):
        state.$temperatureUnit.withLock { $0 = unit }
        return .none

      case .dialog(.presented(.resetName)):
        state.name = ""
        state.nameProblem = nil
        return .none

      case .dialog(.presented(.resetEverything)):
        state = State()
        return .none

      case .dialog:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
  }

  /// The alert that asks before saving the profile as `name`.
  public static func saveAlert(name: String) -> AlertState<Action.Alert> {
    AlertState {
      TextState("Save the profile as \"\(name)\"?")
    } actions: {
      ButtonState(action: .confirmSave) {
        TextState("Save")
      }
      ButtonState(role: .cancel) {
        TextState("Keep editing")
      }
    }
  }

  /// The alert that explains why the profile cannot be saved; its only button dismisses it.
  public static func cannotSaveAlert(_ reason: String) -> AlertState<Action.Alert> {
    AlertState {
      TextState("The profile cannot be saved")
    } message: {
      TextState(reason)
    }
  }

  /// The dialog that offers what to reset.
  public static let resetDialog = ConfirmationDialogState<Action.Dialog>(
    titleVisibility: .visible
  ) {
    TextState("Reset the profile?")
  } actions: {
    ButtonState(action: .resetName) {
      TextState("Reset the name")
    }
    ButtonState(role: .destructive, action: .resetEverything) {
      TextState("Reset everything")
    }
    ButtonState(role: .cancel) {
      TextState("Cancel")
    }
  } message: {
    TextState("A saved profile is kept unless everything is reset.")
  }
}
