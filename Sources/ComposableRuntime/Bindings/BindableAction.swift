/// An action with a case for ``BindingAction``s, so that ``BindingReducer`` can apply them.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
///
/// The `case binding(BindingAction<State>)` satisfies the requirement.
public protocol BindableAction<State> {
  /// The state the binding actions set fields of.
  associatedtype State

  /// Embeds a binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action holds, `nil` for any other case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action this action holds, found by reflection on the `binding` case.
  public var binding: BindingAction<State>? {
    AnyCasePath(unsafe: { Self.binding($0) }).extract(from: self)
  }
}
