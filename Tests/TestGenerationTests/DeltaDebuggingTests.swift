import Testing

@testable import TestGeneration

@MainActor
@Suite struct DeltaDebuggingTests {
  /// Whether `needle` occurs in `kept` in order (not necessarily next to each other).
  static func containsInOrder(_ kept: [Int], _ needle: [Int]) -> Bool {
    var rest = needle[...]
    for input in kept where input == rest.first { rest.removeFirst() }
    return rest.isEmpty
  }

  @Test func oneThousandInputsShrinkToTheThreeTheFailureNeedsInOrder() async throws {
    let needed = [117, 402, 913]
    var search = DeltaDebugging(inputs: Array(1...1_000)) { kept in
      Self.containsInOrder(kept, needed)
    }
    #expect(try await search.minimize() == needed)
    // ddmin needs a few dozen candidates for three inputs among a thousand, not a thousand.
    #expect(search.tests < 300)
  }

  /// Each candidate is a replay of the recording, so their count is the cost of a shrink. These
  /// are today's counts: a search that, say, went back to two chunks after every complement
  /// would still find the answer, with 24–134% more candidates.
  @Test(arguments: [
    (needed: [117, 402, 913], of: 1_000, candidates: 137),
    (needed: [3, 500], of: 1_000, candidates: 60),
    (needed: [10, 20, 30, 40, 50], of: 100, candidates: 109),
    (needed: [2, 5, 8, 11], of: 16, candidates: 52),
  ])
  func theSearchTriesNoMoreCandidatesThanItDoesToday(
    needed: [Int], of count: Int, candidates: Int
  ) async throws {
    var search = DeltaDebugging(inputs: Array(1...count)) { kept in
      Self.containsInOrder(kept, needed)
    }
    #expect(try await search.minimize() == needed)
    #expect(search.tests <= candidates)
  }

  @Test func orderMatters() async throws {
    // 7 must come after 3: the shrunk sequence keeps the recorded order.
    var search = DeltaDebugging(inputs: [9, 7, 1, 3, 5, 7, 2]) { kept in
      Self.containsInOrder(kept, [3, 7])
    }
    #expect(try await search.minimize() == [3, 7])
  }

  @Test func theResultIsOneMinimal() async throws {
    // Either {2, 5} or {8} reproduces; whatever is found, no single input can go.
    let reproduces: @Sendable ([Int]) -> Bool = { kept in
      (kept.contains(2) && kept.contains(5)) || kept.contains(8)
    }
    var search = DeltaDebugging(inputs: Array(1...10), reproduces: reproduces)
    let minimal = try await search.minimize()
    #expect(reproduces(minimal))
    for index in minimal.indices {
      var without = minimal
      without.remove(at: index)
      #expect(!reproduces(without))
    }
  }

  @Test func inputsThatDoNotReproduceComeBackWhole() async throws {
    var search = DeltaDebugging(inputs: [1, 2, 3]) { _ in false }
    #expect(try await search.minimize() == [1, 2, 3])
    #expect(search.tests == 1)
  }

  @Test func splitKeepsEveryInputInOrder() {
    let chunks = DeltaDebugging<Int>.split(Array(1...10), into: 3)
    #expect(chunks == [[1, 2, 3], [4, 5, 6], [7, 8, 9, 10]])
  }
}
