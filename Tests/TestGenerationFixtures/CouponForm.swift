import ComposableRuntime

/// A coupon field in the style of TCA's alert case studies: a code that is not accepted gets an
/// alert (clear the code, or OK), and removing an accepted coupon asks first in a confirmation
/// dialog. Its generated test must write both as their builders, not decode the state from JSON.
@Reducer
public struct CouponForm: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var code = ""
    /// The accepted coupon's discount, in percent.
    public var discount: Int?
    @Presents public var alert: AlertState<Action.Alert>?
    @Presents public var dialog: ConfirmationDialogState<Action.Dialog>?

    public init() {}
  }

  public enum Action: Codable, Equatable, Sendable {
    case codeChanged(String)
    case applyTapped
    case removeTapped
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)

    @CasePathable
    public enum Alert: Codable, Equatable, Sendable {
      case clearCodeTapped
    }

    @CasePathable
    public enum Dialog: Codable, Equatable, Sendable {
      case confirmRemoval
    }
  }

  /// The codes the shop accepts, with their discounts.
  public static let discounts = ["SAVE20": 20]

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .codeChanged(code):
        state.code = code
        return .none
      case .applyTapped:
        if let discount = Self.discounts[state.code] {
          state.discount = discount
        } else {
          state.alert = Self.rejectedAlert(code: state.code)
        }
        return .none
      case .removeTapped:
        state.dialog = Self.removalDialog
        return .none
      case .alert(.presented(.clearCodeTapped)):
        state.code = ""
        return .none
      case .alert:
        return .none
      case .dialog(.presented(.confirmRemoval)):
        state.code = ""
        state.discount = nil
        return .none
      case .dialog:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
  }

  /// The alert that says `code` was not accepted.
  public static func rejectedAlert(code: String) -> AlertState<Action.Alert> {
    AlertState {
      TextState("Coupon not accepted")
    } actions: {
      ButtonState(action: .clearCodeTapped) {
        TextState("Clear the code")
      }
      ButtonState(role: .cancel) {
        TextState("OK")
      }
    } message: {
      TextState("\"\(code)\" is not a code this shop knows.")
    }
  }

  /// The dialog that asks before removing the coupon.
  public static let removalDialog = ConfirmationDialogState<Action.Dialog>(
    titleVisibility: .visible
  ) {
    TextState("Remove the coupon?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmRemoval) {
      TextState("Remove")
    }
    ButtonState(role: .cancel) {
      TextState("Keep it")
    }
  }
}

/// Coded by hand, as a recorded feature with alerts has to be (`AlertState` is not `Codable`):
/// the alert and the dialog as what they were made from, `{"alert": "rejected"}`.
extension CouponForm.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case code, discount, alert, dialog
  }

  /// The alert the feature shows, made from the code it rejected.
  private enum ShownAlert: String, Codable {
    case rejected
  }

  /// The dialog the feature shows.
  private enum ShownDialog: String, Codable {
    case removal
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    self.code = try container.decode(String.self, forKey: .code)
    self.discount = try container.decodeIfPresent(Int.self, forKey: .discount)
    if try container.decodeIfPresent(ShownAlert.self, forKey: .alert) != nil {
      self.alert = CouponForm.rejectedAlert(code: self.code)
    }
    if try container.decodeIfPresent(ShownDialog.self, forKey: .dialog) != nil {
      self.dialog = CouponForm.removalDialog
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.code, forKey: .code)
    try container.encodeIfPresent(self.discount, forKey: .discount)
    if let alert = self.alert {
      guard alert == CouponForm.rejectedAlert(code: self.code) else {
        throw EncodingError.invalidValue(
          alert,
          EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: "an alert the form never shows"))
      }
      try container.encode(ShownAlert.rejected, forKey: .alert)
    }
    if let dialog = self.dialog {
      guard dialog == CouponForm.removalDialog else {
        throw EncodingError.invalidValue(
          dialog,
          EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: "a dialog the form never shows"))
      }
      try container.encode(ShownDialog.removal, forKey: .dialog)
    }
  }
}
