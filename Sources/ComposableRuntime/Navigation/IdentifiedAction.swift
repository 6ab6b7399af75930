/// An action of one element of an `IdentifiedArray`, as its parent sees it.
///
/// ```swift
/// enum Action {
///   case todos(IdentifiedActionOf<Todo>)
/// }
/// store.send(.todos(.element(id: todo.id, action: .toggleCompleted)))
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable, Action> {
  /// An action of the element with `id`.
  indirect case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The identified action of a feature whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable
/// Encoded as `{"element": {"id": …, "action": …}}`, so an app's actions can be `Codable` and
/// a recording of it can be replayed.
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
