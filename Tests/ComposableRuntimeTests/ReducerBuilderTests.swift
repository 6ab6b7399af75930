import ComposableRuntime
import Testing

@MainActor
@Suite struct ReducerBuilderTests {
  struct Appending: Reducer {
    let text: String
    func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
      state.append(text)
      return .none
    }
  }

  struct Built: Reducer {
    let flag: Bool
    let optional: Bool
    let names: [String]

    var body: some Reducer<[String], Bool> {
      Appending(text: "first")
      if flag {
        Appending(text: "if")
      } else {
        Appending(text: "else")
      }
      if optional {
        Appending(text: "optional")
      }
      for name in names {
        Appending(text: name)
      }
      if #available(macOS 13, iOS 16, *) {
        Appending(text: "available")
      }
      CombineReducers {
        Appending(text: "combined")
        EmptyReducer()
      }
    }
  }

  @Test func builderRunsReducersInOrder() {
    let store = Store(initialState: [String]()) {
      Built(flag: true, optional: false, names: ["a", "b"])
    }
    store.send(true)
    #expect(store.state == ["first", "if", "a", "b", "available", "combined"])

    let other = Store(initialState: [String]()) {
      Built(flag: false, optional: true, names: [])
    }
    other.send(true)
    #expect(other.state == ["first", "else", "optional", "available", "combined"])
  }

  @Test func optionalReducerRunsOnlyWhenPresent() {
    let present: Appending? = Appending(text: "x")
    let absent: Appending? = nil
    let store = Store(initialState: [String]()) {
      present
      absent
    }
    store.send(true)
    #expect(store.state == ["x"])
  }

  @Test func onChangeRunsWhenTheValueChanges() {
    struct State: Equatable {
      var count = 0
      var changes: [String] = []
      var isEven = true
    }
    let store = Store(initialState: State()) {
      Reduce<State, Int> { state, amount in
        state.count += amount
        return .none
      }
      .onChange(of: \.count) { oldValue, newValue in
        Reduce { state, _ in
          state.changes.append("\(oldValue)→\(newValue)")
          return .none
        }
      }
      .onChange(of: \.count) { newValue, state in
        state.isEven = newValue.isMultiple(of: 2)
        return .none
      }
    }
    store.send(1)
    store.send(0)
    store.send(2)
    #expect(store.changes == ["0→1", "1→3"])
    #expect(store.isEven == false)
  }

  struct Erasing: Reducer {
    let erased: any Reducer<[String], Bool> = Appending(text: "erased")
    var body: some Reducer<[String], Bool> {
      // An `any Reducer` value goes through `Reduce`; see `ReducerBuilder.buildExpression`.
      Reduce(erased)
      Reduce(Appending(text: "wrapped"))
    }
  }

  @Test func reduceErasesAnyReducer() {
    let store = Store(initialState: [String]()) { Erasing() }
    store.send(true)
    #expect(store.state == ["erased", "wrapped"])
  }
}
