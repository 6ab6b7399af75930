import ComposableRuntime
import Testing

@MainActor
@Suite struct MisuseTests {
  @CasePathable
  enum Action: Equatable { case escape, late(Int) }

  final class Escaped: @unchecked Sendable {
    var send: Send<Action>?
  }

  @Test func sendingFromACompletedEffectIsReportedWithTheAction() async {
    let escaped = Escaped()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Action> { state, action in
        switch action {
        case .escape:
          return .run { send in escaped.send = send }
        case let .late(value):
          state.append(value)
          return .none
        }
      }
    }
    await store.send(.escape).finish()
    withKnownIssue {
      escaped.send?(.late(42))
    } matching: { issue in
      issue.description.contains("An action was sent from a completed effect")
        && issue.description.contains("MisuseTests.Action.late(42)")
    }
    // As in TCA, the action is still delivered: nothing is lost.
    #expect(store.state == [42])
  }
}
