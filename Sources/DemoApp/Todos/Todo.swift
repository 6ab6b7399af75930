import ComposableRuntime
import Foundation

/// One row of the todo list: a description to edit and a box to tick.
///
/// Every action comes from the row's controls, so they are not grouped. The list reacts to
/// ``Action/checkBoxToggled`` by sorting completed todos to the bottom a moment later.
///
/// ```swift
/// Reduce { state, action in … }
///   .forEach(\.todos, action: \.todos) {
///     Todo()
///   }
/// ```
@Reducer
public struct Todo {
  @ObservableState
  public struct State: Codable, Equatable, Identifiable, Sendable {
    public let id: UUID
    public var description: String
    public var isComplete: Bool

    public init(id: UUID, description: String = "", isComplete: Bool = false) {
      self.id = id
      self.description = description
      self.isComplete = isComplete
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case checkBoxToggled
    case descriptionChanged(String)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .checkBoxToggled:
        state.isComplete.toggle()
        return .none

      case let .descriptionChanged(description):
        state.description = description
        return .none
      }
    }
  }
}
