import ComposableRuntime

/// A sheet that edits a draft of an ``Item``.
///
/// Saving hands the draft to the parent through ``Action/Delegate/saved(_:)`` and then dismisses
/// the sheet itself with `\.dismiss`; the parent receives `.dismiss` and clears its destination.
/// Cancelling is the parent's job: it sets the destination to `nil`.
@Reducer
public struct ItemEditor: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var draft: Item

    public init(draft: Item) {
      self.draft = draft
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case view(View)
    case delegate(Delegate)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case nameChanged(String)
      case notesChanged(String)
      case saveButtonTapped
    }

    @CasePathable
    public enum Delegate: Codable, Equatable, Sendable {
      case saved(Item)
    }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .view(.nameChanged(name)):
        state.draft.name = name
        return .none

      case let .view(.notesChanged(notes)):
        state.draft.notes = notes
        return .none

      case .view(.saveButtonTapped):
        return .run { [draft = state.draft] send in
          await send(.delegate(.saved(draft)))
          await self.dismiss()
        }

      case .delegate:
        return .none
      }
    }
  }
}
