import Testing
import Trace

@Suite struct StatePredicateTests {
  static let state = try! TraceValue(
    jsonText: #"""
      {"counter":{"count":12,"isTimerRunning":true,"ratio":0.5},
       "search":{"query":"Paris","resultsFor":"Par","results":[1,2,3],"isLoading":false},
       "items":{"destination":null,"items":[{"id":1,"name":"Tent"},{"id":3,"name":"Tarp"}]},
       "settings":{"en-US":"yes"}}
      """#)

  func holds(_ text: String) throws -> Bool {
    try StatePredicate(parsing: text).holds(in: Self.state)
  }

  @Test func comparisonsOfNumbersStringsAndValues() throws {
    #expect(try self.holds("counter.count > 10"))
    #expect(try self.holds("counter.count == 12.0"))
    #expect(try !self.holds("counter.count < 12"))
    #expect(try self.holds("counter.count <= 12 && counter.count >= 12"))
    #expect(try self.holds("counter.ratio < 1"))
    #expect(try self.holds(#"search.query == "Paris""#))
    #expect(try self.holds(#"search.query > "Lyon""#))
    #expect(try self.holds("search.results == [1, 2, 3]"))
    #expect(try self.holds("counter.isTimerRunning == true && search.isLoading != true"))
    #expect(try self.holds(#"items.items[id: 3].name == "Tarp""#))
    #expect(try self.holds(#"settings["en-US"] == "yes""#))
    // Values of different kinds have no order.
    #expect(try !self.holds(#"search.query > 3"#))
    #expect(try !self.holds("items.destination < 1"))
  }

  @Test func pathsOnBothSides() throws {
    #expect(try self.holds("search.resultsFor != search.query"))
    #expect(try !self.holds("search.resultsFor == search.query"))
    #expect(
      try StatePredicate(parsing: "search.resultsFor == search.query").paths.map(\.description)
        == ["search.resultsFor", "search.query"])
  }

  @Test func missingPathsReadAsNull() throws {
    #expect(try self.holds("items.destination == null"))
    #expect(try self.holds("items.destination.editor == null"))
    #expect(try !self.holds("items.destination exists"))
    #expect(try !self.holds("items.items[id: 2] exists"))
    #expect(try self.holds("items.items[id: 1] exists"))
    #expect(try !self.holds("nosuch.field > 0"))
  }

  @Test func notBindsTighterThanAndThanOr() throws {
    #expect(
      try self.holds("counter.count == 0 || counter.count == 12 && search.isLoading == false"))
    #expect(
      try !self.holds("(counter.count == 0 || counter.count == 12) && search.isLoading == true"))
    #expect(try self.holds("!(counter.count == 0)"))
    #expect(try self.holds("!!counter.isTimerRunning exists"))
    let parsed = try StatePredicate(parsing: "a == 0 || b == 1 && !c exists")
    #expect(
      parsed
        == .or(
          .compare(TracePath([.field("a")]), .equal, .value(.int(0))),
          .and(
            .compare(TracePath([.field("b")]), .equal, .value(.int(1))),
            .not(.exists(TracePath([.field("c")]))))))
  }

  @Test func printsAsItReads() throws {
    for text in [
      "counter.count > 10",
      #"items.items[id: 3].name == "Tarp" && !search.isLoading exists"#,
      "(a == 1 || b == 2) && c != null",
      "!(a == 1 && b == 2)",
      "search.resultsFor == search.query",
    ] {
      let predicate = try StatePredicate(parsing: text)
      #expect(predicate.description == text)
      #expect(try StatePredicate(parsing: predicate.description) == predicate)
    }
  }

  @Test func malformedPredicatesNameTheByte() throws {
    let cases: [(String, String)] = [
      (
        "",
        "expected a state path, '!' or '(' (a predicate reads PATH OP VALUE or PATH exists), found end of input at byte 0"
      ),
      (
        "counter.count >",
        "expected a value (a JSON literal) or a state path, found end of input at byte 15"
      ),
      (
        "counter.count",
        "expected an operator (== != < <= > >=) or 'exists' after counter.count, found end of input at byte 13"
      ),
      (
        "counter.count = 1",
        "expected an operator (== != < <= > >=) or 'exists' after counter.count, found '=' at byte 14"
      ),
      ("(a == 1", "expected ')', '&&' or '||', found end of input at byte 7"),
      (
        "a == 1 b == 2", "expected '&&', '||', ')' or the end of the predicate, found 'b' at byte 7"
      ),
      (
        #"a == "Par"#,
        #"expected '"' to close the string that starts at byte 5, found end of input at byte 9"#
      ),
      ("a == 1.2.3", "expected end of input, found '.' at byte 8"),
      ("todos[id: 3 == 1", "expected ']', found end of input at byte 16"),
      ("a.. == 1", "expected a field name after '.', found '.' at byte 2"),
    ]
    for (text, message) in cases {
      #expect(throws: PredicateParsingError.self) { try StatePredicate(parsing: text) }
      do {
        _ = try StatePredicate(parsing: text)
      } catch {
        #expect(
          "\(error)"
            == "cannot parse predicate \"\(text.replacingOccurrences(of: "\"", with: "\\\""))\": \(message)"
        )
      }
    }
  }
}
