import Dispatch
import Testing

@testable import ComposableRuntime

/// NB: Not private: the printers name the type, and a private type's name is unstable.
@Reducer
struct Toggler {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var name = "Blob"
  }
  enum Action: Equatable {
    case toggle
    case rename(String)
    case noop
    case nested(Nested)
    @CasePathable
    enum Nested: Equatable { case element(id: Int, action: Bool) }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.isOn.toggle()
      case let .rename(name):
        state.name = name
      case .noop, .nested:
        break
      }
      return .none
    }
  }
}

@MainActor
@Suite struct DebugOperatorTests {
  @Test func printChangesHandsEveryActionAndBothStatesToThePrinterQueue() {
    let queue = DispatchQueue(label: "DebugOperatorTests.printer")
    let printed = LockIsolated<[String]>([])
    let printer = _ReducerPrinter<Toggler.State, Toggler.Action>(
      printChange: { action, oldState, newState in
        printed.withValue { $0.append("\(action): \(oldState.isOn) → \(newState.isOn)") }
      },
      queue: queue
    )
    let store = Store(initialState: Toggler.State()) {
      Toggler()._printChanges(printer)
    }
    store.send(.toggle)
    store.send(.noop)
    store.send(.toggle)
    queue.sync {}
    #expect(printed.value == ["toggle: false → true", "noop: true → true", "toggle: true → false"])
    #expect(store.isOn == false)
  }

  @Test func printChangesWithoutAPrinterOnlyRunsTheReducer() async {
    let store = TestStore(initialState: Toggler.State()) {
      Toggler()._printChanges(nil)
    }
    await store.send(.toggle) {
      $0.isOn = true
    }
  }

  @Test func theDefaultPrinterLeavesTheReducerAsItIs() async {
    let store = TestStore(initialState: Toggler.State()) {
      Toggler()._printChanges()
    }
    await store.send(.rename("Blob Jr.")) {
      $0.name = "Blob Jr."
    }
    _ReducerPrinterQueue.shared.sync {}
  }

  @Test func customDumpPrintsTheActionAndTheDiffAsTCADoes() {
    let output = customDumpOutput(
      Toggler.Action.rename("Blob Jr."), Toggler.State(), Toggler.State(name: "Blob Jr."))
    #expect(
      output == """
        received action:
          Toggler.Action.rename("Blob Jr.")
          Toggler.State(
            isOn: false,
        -   name: "Blob"
        +   name: "Blob Jr."
          )

        """)
    #expect(
      customDumpOutput(Toggler.Action.noop, Toggler.State(), Toggler.State()) == """
        received action:
          Toggler.Action.noop
          (No state changes)

        """)
  }

  @Test func actionLabelsPrintTheCasePathWithoutValues() {
    #expect(actionLabelOutput(Toggler.Action.toggle) == "received action: Toggler.Action.toggle")
    #expect(
      actionLabelOutput(Toggler.Action.rename("Blob"))
        == "received action: Toggler.Action.rename")
    #expect(
      actionLabelOutput(Toggler.Action.nested(.element(id: 1, action: true)))
        == "received action: Toggler.Action.nested(.element(id:, action:))")
  }

  @Test func signpostCompilesAndLeavesTheReducerAsItIs() async {
    let store = TestStore(initialState: Toggler.State()) {
      Toggler().signpost("Toggler")
    }
    await store.send(.toggle) {
      $0.isOn = true
    }
  }
}
