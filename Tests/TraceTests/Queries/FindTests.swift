import TestSupport
import Testing
import Trace

/// `forEachMatch` reads only the changes to the paths a predicate names; here it is checked
/// against the plain answer, every state of the demo's sample rebuilt and the predicate asked of
/// each.
@Suite struct FindTests {
  static let trace = try! TraceReader(path: ToolRun.sampleTrace(version: 3).path)

  static let predicates = [
    "counter.count > 3",
    "counter.count == 2 || counter.count == 5",
    "counter.isTimerRunning == true && counter.count >= 4",
    "items.destination exists",
    #"items.destination.editor.draft.name == "Tarp""#,
    "items.path[\"#0\"] exists",
    #"search.query != """#,
    "!(todos.todos == [])",
    "counter.count > counter.fact",
    "counter.count > 1000",
    // An element inserted by position (#22), then edited by id.
    "todos.todos[id: 00000000-0000-0000-0000-000000000001] exists",
    #"todos.todos[id: 00000000-0000-0000-0000-000000000001].description == """#,
  ]

  /// The seqs the plain way finds: the first at or after `from` where it holds, then (all) every
  /// later one where it starts to hold.
  func plainMatches(_ predicate: StatePredicate, from: Int64, all: Bool) throws -> [Int64] {
    let last = try Self.trace.lastSeq()
    var matches: [Int64] = []
    var held = from > 0 ? predicate.holds(in: try Self.trace.state(at: from - 1)) : false
    for seq in from...last {
      let holds = predicate.holds(in: try Self.trace.state(at: seq))
      if holds, matches.isEmpty || !held {
        matches.append(seq)
        if !all { break }
      }
      held = holds
    }
    return matches
  }

  @Test(arguments: predicates)
  func matchesWhatEveryStateSays(text: String) throws {
    let predicate = try StatePredicate(parsing: text)
    for from: Int64 in [0, 1, 5, 20, 36, 61] {
      for all in [false, true] {
        var found: [PredicateMatch] = []
        try Self.trace.forEachMatch(of: predicate, from: from, all: all) { found.append($0) }
        #expect(
          found.map(\.seq) == (try self.plainMatches(predicate, from: from, all: all)),
          "\(text) from \(from) all \(all)")
        for match in found {
          let state = try Self.trace.state(at: match.seq)
          #expect(match.values.map(\.value) == predicate.paths.map { state.value(at: $0) })
          #expect(
            match.actionName == (match.seq == 0 ? nil : try Self.trace.action(match.seq)?.name))
        }
      }
    }
  }
}
