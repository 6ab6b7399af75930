import ComposableRuntime
import DemoApp
import Foundation
import SwiftBasicFormat
import Testing

@testable import TestGeneration
import TestGenerationFixtures

@MainActor
@Suite struct StateChangeWriterTests {
  func statements(_ old: Any, _ new: Any) -> [String] {
    StateChangeWriter(printer: SwiftValuePrinter(module: "DemoApp"))
      .statements(from: old, to: new).map { $0.formatted().description }
  }

  @Test func aChangedFieldIsAssignedAtItsPath() {
    var state = AppFeature.State()
    let old = state
    state.counter.count = -3
    state.counter.fact = "3 is odd."
    #expect(
      statements(old, state) == [
        "$0.counter.count = -3", #"$0.counter.fact = "3 is odd.""#,
      ])
  }

  @Test func anIdentifiedElementIsReachedByID() {
    var state = TodosFeature.State(todos: [
      Todo.State(id: UUID(0), description: "Tent"), Todo.State(id: UUID(1)),
    ])
    let old = state
    state.todos[id: UUID(1)]?.isComplete = true
    #expect(statements(old, state) == ["$0.todos[id: UUID(1)]?.isComplete = true"])
  }

  @Test func insertionsAndRemovalsAreWrittenAsTCAUsersWriteThem() {
    let old = TodosFeature.State(todos: [Todo.State(id: UUID(0)), Todo.State(id: UUID(1))])
    var new = old
    new.todos.insert(Todo.State(id: UUID(2), description: #"say "hi"\n"#), at: 0)
    new.todos.remove(id: UUID(1))
    #expect(
      statements(old, new) == [
        "$0.todos.remove(id: UUID(1))",
        ##"$0.todos.insert(Todo.State(id: UUID(2), description: #"say "hi"\n"#, isComplete: false), at: 0)"##,
      ])
    var appended = old
    appended.todos.append(Todo.State(id: UUID(5)))
    #expect(
      statements(old, appended) == [
        #"$0.todos.append(Todo.State(id: UUID(5), description: "", isComplete: false))"#
      ])
  }

  @Test func aReorderedCollectionIsAssignedWhole() {
    let old = TodosFeature.State(todos: [Todo.State(id: UUID(0)), Todo.State(id: UUID(1))])
    let new = TodosFeature.State(todos: [Todo.State(id: UUID(1)), Todo.State(id: UUID(0))])
    #expect(
      statements(old, new) == [
        #"$0.todos = [Todo.State(id: UUID(1), description: "", isComplete: false), Todo.State(id: UUID(0), description: "", isComplete: false)]"#
      ])
  }

  @Test func anEnumIsAssignedWhole() {
    var state = ItemListFeature.State()
    let old = state
    state.destination = .editor(ItemEditor.State(draft: Item(id: 1, name: "Tarp")))
    #expect(
      statements(old, state) == [
        #"$0.destination = .editor(ItemEditor.State(draft: Item(id: 1, name: "Tarp", notes: "")))"#
      ])
  }

  @Test func aStackElementIsPushedAndPoppedByID() {
    var state = ItemListFeature.State()
    let old = state
    state.path[id: 0] = .detail(ItemDetail.State(item: Item(id: 3, name: "Lantern")))
    #expect(
      statements(old, state) == [
        #"$0.path[id: 0] = .detail(ItemDetail.State(item: Item(id: 3, name: "Lantern", notes: ""), related: []))"#
      ])
    #expect(statements(state, old) == ["$0.path.pop(from: 0)"])
  }

  @Test func aStackElementRemovedFromTheMiddleIsSetToNilAlone() {
    var state = ItemListFeature.State()
    for id in 0..<3 {
      state.path[id: StackElementID(generation: id)] = .detail(
        ItemDetail.State(item: Item(id: id, name: "Item \(id)")))
    }
    let old = state
    state.path[id: 1] = nil
    // `pop(from: 1)` would also remove #2, which is still there.
    #expect(statements(old, state) == ["$0.path[id: 1] = nil"])
    state.path[id: 2] = nil
    #expect(statements(old, state) == ["$0.path.pop(from: 1)"])
  }

  @Test func anAlertReplacedByAnotherIsAssignedWholeAsItsBuilder() {
    var state = ProfileFeature.State()
    state.alert = ProfileFeature.saveAlert(name: "Blob")
    let old = state
    state.alert = ProfileFeature.cannotSaveAlert("Too long")
    #expect(
      statements(old, state) == [
        // NB: `formatted()` indents by 4; the generated file by 2.
        """
        $0.alert = AlertState {
            TextState("The profile cannot be saved")
        } message: {
            TextState("Too long")
        }
        """
      ])
  }
}

@Suite struct SwiftValuePrinterTests {
  func written(_ value: Any) -> String? {
    SwiftValuePrinter(module: "DemoApp").expression(for: value)?.formatted().description
  }

  @Test func scalars() {
    #expect(written(-7) == "-7")
    #expect(written(2.5) == "2.5")
    #expect(written(Double.infinity) == ".infinity")
    #expect(written(true) == "true")
    #expect(written("line\nbreak") == #""line\nbreak""#)
    #expect(written(#"a "quote""#) == ##"#"a "quote""#"##)
    #expect(written(UUID(12)) == "UUID(12)")
    #expect(written(ComparisonResult.orderedAscending) == ".orderedAscending")
    #expect(written(Data()) == "Data()")
    #expect(written(Data([104, 105])) == "Data([104, 105])")
    #expect(
      written(Data(repeating: 7, count: 17))
        == #"Data(base64Encoded: "BwcHBwcHBwcHBwcHBwcHBwc=")!"#)
    #expect(
      written(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!)
        == #"UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!"#)
    #expect(
      written(Date(timeIntervalSinceReferenceDate: 1.25))
        == "Date(timeIntervalSinceReferenceDate: 1.25)")
    #expect(written(Int?.none as Any) == "nil")
  }

  @Test func enumsWithLabelledPayloads() {
    let action = AppFeature.Action.counter(.delegate(.factLoaded(count: 3, fact: "odd")))
    #expect(written(action) == #".counter(.delegate(.factLoaded(count: 3, fact: "odd")))"#)
  }

  @Test func aDialogIsItsBuilderAndDecodesNothing() {
    let printer = SwiftValuePrinter(module: "DemoApp")
    let written = printer.expression(for: ProfileFeature.resetDialog)?.formatted().description
    #expect(written?.hasPrefix("ConfirmationDialogState(titleVisibility: .visible) {") == true)
    #expect(written?.contains("ButtonState(role: .destructive, action: .resetEverything) {") == true)
    #expect(printer.decodedCount == 0)
  }

  @Test func aBindingIsWrittenAsItIsSent() {
    let printer = SwiftValuePrinter(module: "DemoApp")
    let action = AppFeature.Action.profile(.binding(.set(\.name, "Blob")))
    let written = printer.expression(for: action)?.formatted().description
    #expect(written == #".profile(.binding(.set(\.name, "Blob")))"#)
    #expect(printer.decodedCount == 0)
  }

  @Test func aValueOfAnotherModuleIsDecodedFromJSONAndCounted() {
    let printer = SwiftValuePrinter(module: "DemoApp")
    let written = printer.expression(for: TodosFeature.Action.view(.rowsDeleted(IndexSet([1, 3]))))?
      .formatted().description
    #expect(
      written
        == ##".view(try JSONDecoder().decode(TodosFeature.Action.View.self, from: Data(#"{"rowsDeleted":{"_0":{"indexes":[{"length":1,"location":1},{"length":1,"location":3}]}}}"#.utf8)))"##
    )
    #expect(printer.decodedCount == 1)
  }

  /// A recorded failure is written as the error a replay hands the reducer.
  @Test func aRecordedErrorIsItsInitializer() {
    let printer = SwiftValuePrinter(module: "TestGenerationFixtures")
    let error = RecordedError(typeName: "Tally.FactError", description: "No fact.")
    let written = printer.expression(for: Tally.Action.factResponse(.failure(error)))?
      .formatted().description
    #expect(
      written
        == #".factResponse(.failure(RecordedError(typeName: "Tally.FactError", description: "No fact.")))"#
    )
    #expect(printer.decodedCount == 0)
  }

}
