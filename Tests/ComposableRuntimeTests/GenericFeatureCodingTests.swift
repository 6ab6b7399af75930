import ComposableRuntime
import Foundation
import Testing

/// A generic feature's `State` and `Action` are coded as any other's, whatever the generic
/// arguments: by what the values hold.
@Suite struct GenericFeatureCodingTests {
  @Reducer
  struct Picker<Item: Equatable> {
    @ObservableState
    struct State: Equatable {
      var items: [Item] = []
      var chosen: Item?
    }
    enum Action {
      case chose(Item)
      case cleared
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .chose(item): state.chosen = item
        case .cleared: state.chosen = nil
        }
        return .none
      }
    }
  }

  @Test func stateAndActionRoundTrip() throws {
    let state = Picker<Mark>.State(items: [.o, .x], chosen: .x)
    #expect(try roundTrip(state) == state)
    guard case .chose(let mark) = try roundTrip(Picker<Mark>.Action.chose(.o)) else {
      Issue.record("decoded another case")
      return
    }
    #expect(mark == .o)
    let names = Picker<String>.State(items: ["a"], chosen: nil)
    #expect(try roundTrip(names) == names)
  }
}
