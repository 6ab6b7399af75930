import ComposableRuntime
import IdentifiedCollections
import TestSupport
import Testing
import Trace

import RuntimeReflection
@testable import StateReflection

/// How the runtime's own types read in a trace, through their conformances in
/// `RuntimeReflection/RuntimeTypes+StateReflecting.swift`: `@Presents` storage named after its
/// property, identified arrays diffed by id without reflection. The differ itself, on plain Swift
/// types, is tested in `StateReflectionTests`.
@Suite struct RuntimeTypesReflectionTests {
  struct Leaf: Equatable {
    var count = 0
    var title = "a"
  }

  struct Item: Identifiable, Equatable {
    let id: Int
    var isDone = false
  }

  struct Feature {
    var items: IdentifiedArrayOf<Item> = []
    @Presents var detail: Leaf?
  }

  func descriptions(_ old: Any, _ new: Any) -> [String] {
    StateDiff.operations(from: old, to: new, redacting: []).map(\.description)
  }

  @Test func presentedStateIsNamedAfterTheProperty() {
    var new = Feature()
    new.detail = Leaf()
    #expect(descriptions(Feature(), new) == [#"replace detail null → {"count":0,"title":"a"}"#])
    #expect(Reflection.value(of: new)[field: "detail"]?[field: "title"] == .string("a"))
  }

  @Test func identifiedElementsAreDiffedByID() {
    var old = Feature()
    old.items = [Item(id: 1), Item(id: 2), Item(id: 3)]
    var new = old
    new.items[id: 2]?.isDone = true
    #expect(descriptions(old, new) == ["replace items[id: 2].isDone false → true"])
    new.items.remove(id: 1)
    new.items.append(Item(id: 4))
    #expect(
      descriptions(old, new) == [
        #"remove  items[id: 1] {"id":1,"isDone":false}"#,
        "replace items[id: 2].isDone false → true",
        #"insert  items[id: 4] {"id":4,"isDone":false}"#,
      ])
  }

  /// Random pairs of states: the operations turn the reflected old state into the reflected new
  /// one, and the live differ agrees with the stored-tree differ the reader uses.
  @Test func liveDiffsReplayAndAgreeWithStoredDiffs() throws {
    var random = SplitMix64(seed: 5)
    let differ = StructuralDiff(redactedPaths: [])
    var changed = 0
    for _ in 0..<1_000 {
      let old = Self.randomFeature(&random)
      let new = Self.randomFeature(&random)
      let live = differ.operations(from: old, to: new)
      if !live.isEmpty { changed += 1 }
      #expect(try Reflection.value(of: old).applying(live) == Reflection.value(of: new))
      #expect(live == Reflection.value(of: old).diff(to: Reflection.value(of: new)))
    }
    #expect(changed > 500)
  }

  static func randomFeature(_ random: inout SplitMix64) -> Feature {
    func pick(_ count: UInt64) -> Int { Int(random.next() % count) }
    var feature = Feature()
    feature.items = IdentifiedArray(
      uniqueElements: (1...4).filter { _ in pick(2) == 0 }.map {
        Item(id: $0, isDone: pick(2) == 0)
      })
    feature.detail = pick(2) == 0 ? nil : Leaf(count: pick(3), title: ["a", "b"][pick(2)])
    return feature
  }
}
