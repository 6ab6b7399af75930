import Testing
import Trace

struct TracePathTests {
  static let examples: [(TracePath, String)] = [
    (TracePath(), ""),
    (TracePath([.field("todos"), .id("3"), .field("isComplete")]), "todos[id: 3].isComplete"),
    (
      TracePath([.field("destination"), .field("editor"), .field("draft")]),
      "destination.editor.draft"
    ),
    (TracePath([.field("items"), .index(2)]), "items[2]"),
    (TracePath([.index(0), .field("name")]), "[0].name"),
    (TracePath([.field("grid"), .index(1), .index(-1)]), "grid[1][-1]"),
    (TracePath([.field("$value"), .field("_storage"), .field("café")]), "$value._storage.café"),
    (TracePath([.field("settings"), .field("en-US")]), #"settings["en-US"]"#),
    (TracePath([.field("key.with.dots"), .field("c")]), #"["key.with.dots"].c"#),
    (TracePath([.field(""), .field("2024"), .field("a b")]), #"[""]["2024"]["a b"]"#),
    (TracePath([.field("q\"[]\\\n")]), #"["q\"[]\\\n"]"#),
    (TracePath([.field("path"), .id("#1")]), "path[id: #1]"),
    (TracePath([.field("users"), .id("DEADBEEF-0001")]), "users[id: DEADBEEF-0001]"),
    (TracePath([.field("rows"), .id(#"{"rawValue":3}"#)]), #"rows[id: {"rawValue":3}]"#),
    (TracePath([.field("rows"), .id("a]b")]), #"rows[id: "a]b"]"#),
    (TracePath([.field("rows"), .id(" padded")]), #"rows[id: " padded"]"#),
    (TracePath([.field("rows"), .id("")]), #"rows[id: ""]"#),
    (TracePath([.field("rows"), .id("\"quoted\"")]), #"rows[id: "\"quoted\""]"#),
  ]

  @Test func describesAndParsesExamples() throws {
    for (path, text) in Self.examples {
      #expect(path.description == text)
      #expect(try TracePath(parsing: text) == path, "\(text)")
    }
  }

  @Test(arguments: [
    ("todos[id:3]", TracePath([.field("todos"), .id("3")])),
    ("todos[ id : 3 ]", TracePath([.field("todos"), .id("3")])),
    ("items[ 2 ]", TracePath([.field("items"), .index(2)])),
    ("settings.en-US", TracePath([.field("settings"), .field("en-US")])),
    ("stats.2024", TracePath([.field("stats"), .field("2024")])),
    (#"todos[id: "3"]"#, TracePath([.field("todos"), .id("3")])),
  ])
  func acceptsLooserSpellings(text: String, path: TracePath) throws {
    #expect(try TracePath(parsing: text) == path)
  }

  @Test(arguments: [
    (
      "todos[id: 3",
      #"cannot parse path "todos[id: 3": expected ']', found end of input at byte 11"#
    ),
    ("a..b", #"cannot parse path "a..b": expected a field name after '.', found '.' at byte 2"#),
    (".a", #"cannot parse path ".a": expected a field name or '[', found '.' at byte 0"#),
    (
      "a.",
      #"cannot parse path "a.": expected a field name after '.', found end of input at byte 2"#
    ),
    (
      "a[x]",
      #"cannot parse path "a[x]": expected an index, a quoted key or 'id:', found 'x' at byte 2"#
    ),
    ("a[2.5]", #"cannot parse path "a[2.5]": expected an index, found '2.5' at byte 2"#),
    ("a[id 3]", #"cannot parse path "a[id 3]": expected ':' after 'id', found '3' at byte 5"#),
    ("a[id:]", #"cannot parse path "a[id:]": expected an id, found ']' at byte 5"#),
    (
      "todos[id: 3]x",
      #"cannot parse path "todos[id: 3]x": expected '.', '[' or end of path, found 'x' at byte 12"#
    ),
    (
      #"a["b"#,
      #"cannot parse path "a[\"b": expected '"' to end the string, found end of input at byte 4"#
    ),
    ("a b", #"cannot parse path "a b": expected '.', '[' or end of path, found ' ' at byte 1"#),
  ])
  func namesWhatWasExpectedAndFound(text: String, message: String) {
    #expect {
      try TracePath(parsing: text)
    } throws: { error in
      "\(error)" == message
    }
  }

  @Test func roundTripsRandomPaths() throws {
    var generator = TraceValueGenerator(seed: 11)
    for _ in 0..<2000 {
      let components: [TracePath.Component] = (0..<generator.roll(5)).map { _ in
        switch generator.roll(4) {
        case 0: .index(generator.roll(1000) - 10)
        case 1: .id(generator.string())
        default: .field(generator.roll(2) == 0 ? generator.fieldName() : generator.string())
        }
      }
      let path = TracePath(components)
      let parsed = try TracePath(parsing: path.description)
      #expect(parsed == path, "\(path.description)")
      #expect(parsed.description == path.description)
    }
  }

  @Test func ordersByText() {
    let paths = ["todos[id: 3].title", "count", "todos[id: 3]", "destination"]
      .map { try! TracePath(parsing: $0) }
    #expect(
      paths.sorted().map(\.description)
        == ["count", "destination", "todos[id: 3]", "todos[id: 3].title"]
    )
  }
}
