import Foundation

/// State that a parent presents without a reducer behind it, such as ``AlertState`` and
/// ``ConfirmationDialogState``: the presentation reducer clears it as soon as it sends an action.
///
/// ```swift
/// .ifLet(\.$alert, action: \.alert)  // no child reducer
/// ```
///
/// A `@Reducer enum Destination` case holding such state (`case alert(AlertState<Alert>)`) is
/// ephemeral too.
public protocol _EphemeralState<Action>: Identifiable where ID == UUID {
  /// The actions the state's buttons send.
  associatedtype Action
}

/// The id of the ephemeral state `state` is or holds (an alert, or a destination enum in an
/// alert's case), `nil` when it is not ephemeral.
///
/// NB: Only destination enums are reflected, so a sheet's actions pay one dynamic cast here.
func ephemeralID(of state: Any) -> UUID? {
  if let ephemeral = state as? any _EphemeralState { return ephemeral.id }
  guard state is any CaseReducerState else { return nil }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum else { return nil }
  return (mirror.children.first?.value as? any _EphemeralState)?.id
}
