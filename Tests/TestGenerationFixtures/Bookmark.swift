import ComposableRuntime
import Foundation

/// A bookmark saved through a closure the feature is made with, as TCA's reusable favoriting
/// case study is (`Episodes(favorite:)`): a generated test must make the feature the same way,
/// and the closure's sleep on the test's clock is one the recording does not see.
@Reducer
public struct Bookmark {
  @ObservableState
  public struct State: Equatable {
    public var isSaved = false
    public var error: String?
    public init() {}
  }

  public enum Action {
    case toggleTapped
    case saved(Result<Bool, any Error>)
  }

  enum CancelID { case save }

  let save: @Sendable (_ isSaved: Bool) async throws -> Bool

  public init(save: @escaping @Sendable (_ isSaved: Bool) async throws -> Bool) {
    self.save = save
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggleTapped:
        state.isSaved.toggle()
        return .run { [save, isSaved = state.isSaved] send in
          await send(.saved(Result { try await save(isSaved) }))
        }
        .cancellable(id: CancelID.save, cancelInFlight: true)
      case let .saved(.success(isSaved)):
        state.isSaved = isSaved
        return .none
      case let .saved(.failure(error)):
        state.isSaved.toggle()
        state.error = error.localizedDescription
        return .none
      }
    }
  }
}
