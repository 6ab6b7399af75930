import StateReflection
import Testing
import Trace

/// An array of identifiable elements is diffed by id through reflection; when the elements it
/// keeps change order, it is written as one replace of the whole array, as the stored-tree
/// differ writes it, since moves by id cannot be said with removes and inserts.
@Suite struct StructuralDiffReorderTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title = ""
  }

  struct Listing {
    var rows: [Row]
  }

  func listing(_ ids: [Int]) -> Listing {
    Listing(rows: ids.map { Row(id: $0, title: "row \($0)") })
  }

  @Test(arguments: [
    ([1, 2, 3], [3, 1, 2]),
    ([1, 2, 3], [2, 1]),
    ([1, 2, 3], [4, 3, 2]),
  ])
  func keptElementsInAnotherOrderAreOneReplace(old: [Int], new: [Int]) throws {
    let (before, after) = (listing(old), listing(new))
    let operations = StateDiff.operations(from: before, to: after)
    #expect(operations.map(\.description).count == 1)
    #expect(operations.first?.description.hasPrefix("replace rows ") == true)
    #expect(operations == StateDiff.reflect(before).diff(to: StateDiff.reflect(after)))
    #expect(try StateDiff.reflect(before).applying(operations) == StateDiff.reflect(after))
  }

  @Test func keptElementsInTheSameOrderAreDiffedByID() throws {
    let (before, after) = (listing([1, 2, 3]), listing([1, 3, 4]))
    let operations = StateDiff.operations(from: before, to: after)
    #expect(operations.count == 2)
    #expect(try StateDiff.reflect(before).applying(operations) == StateDiff.reflect(after))
  }
}
