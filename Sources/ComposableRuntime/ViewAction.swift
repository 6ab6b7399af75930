/// An action whose user-interface actions live in one `view` case, as TCA's `ViewAction` has it.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   case delegate(Delegate)
///   enum View: BindableAction {
///     case binding(BindingAction<State>)
///     case saveButtonTapped
///   }
/// }
/// ```
///
/// A reducer matches `.view(.saveButtonTapped)` as any other case. With SwiftUI, TCA's
/// `@ViewAction` macro lets a view call `send(.saveButtonTapped)`; there is no view on Linux, so
/// only the protocol is provided.
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction

  /// Embeds a view action.
  static func view(_ action: ViewAction) -> Self
}
