import ComposableRuntime
import DemoApp
import Foundation
import Replay
import RuntimeReflection
import StateReflection
import TestSupport
import Testing
import Trace

/// The runtime's navigation types reflect through `RuntimeReflection` alone: this target links
/// neither `Recorder` nor anything that depends on it (see its dependencies in Package.swift), so
/// the diffs and hashes below are the ones replay computes in any executable.
@Suite struct ReflectionWithoutRecorderTests {
  static let sample = ToolRun.sampleTrace(version: 3).path

  /// The demo's sample was recorded by the recorder; every state hash replay computes here (each
  /// chaining the diffs of a state with an `IdentifiedArray`, `@Presents` and a `StackState`)
  /// matches the recorded one.
  @MainActor
  @Test func theDemoSampleReplaysIdenticallyWithoutTheRecorderLinked() async throws {
    let replay = try Replay(path: Self.sample)
    let recorded = try TraceReader(path: Self.sample).actionSummary().count
    let result = try await replay.run(AppFeature())
    #expect(result.divergence == nil)
    #expect(result.replayedActions == recorded)
  }

  @Test func presentedStateIsNamedAfterItsProperty() throws {
    var state = ItemListFeature.State()
    state.destination = .editor(ItemEditor.State(draft: Item(id: 1, name: "Tent")))
    let value = Reflection.value(of: state)
    let name = try TracePath(parsing: "destination.editor.draft.name")
    #expect(value.value(at: name) == .string("Tent"))
    #expect(value.value(at: try TracePath(parsing: "_destination")) == nil)
  }

  @Test func stackElementsAreAddressedByTheirIDs() throws {
    var state = ItemListFeature.State()
    state.path.append(.detail(ItemDetail.State(item: Item(id: 2, name: "Stove"), related: [])))
    state.path.append(.detail(ItemDetail.State(item: Item(id: 3, name: "Lantern"), related: [])))
    let operations = StructuralDiff(redactedPaths: []).operations(
      from: ItemListFeature.State(), to: state)
    #expect(
      operations.map { $0.description.prefix(19) } == [
        "insert  path[\"#0\"] ", "insert  path[\"#1\"] ",
      ])
  }

  @Test func stackElementIDsInActionsReadAsNumbers() throws {
    let action = ItemListFeature.Action.path(
      .element(id: 1, action: .detail(.view(.closeButtonTapped))))
    let description = ActionDescription(of: action)
    #expect(description.name == "path.element.detail.view.closeButtonTapped")
    #expect(description.payload?.jsonText == #"{"id":1}"#)
  }

  @Test func identifiedElementsAreRemovedByID() throws {
    let old = ItemListFeature.State()
    var new = old
    new.items.remove(id: 2)
    let operations = StructuralDiff(redactedPaths: []).operations(from: old, to: new)
    #expect(operations.count == 1)
    #expect(operations.first?.description.hasPrefix("remove  items[id: 2] ") == true)
    var patched = Reflection.value(of: old)
    for operation in operations { try patched.apply(operation) }
    #expect(patched == Reflection.value(of: new))
  }
}
