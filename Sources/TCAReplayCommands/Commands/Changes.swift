import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay changes TRACE PATH`: every action that changed a state path.
  struct Changes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every action that changed the value at PATH, with the old and new value.",
      discussion: """
        A change at PATH, inside it, or to something that holds it (a child presented or \
        dismissed, an element inserted or removed) counts when the value at PATH differs.
        """)

    @OptionGroup var trace: TraceOptions
    @Argument(help: "A state path: counter.count, todos[id: 3].isComplete, items.destination.")
    var path: String
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      let path = try SeqArgument.path(self.path)
      if self.output.json {
        var first = true
        print("[", terminator: "")
        try reader.forEachChange(of: path) { change in
          print(first ? "\n" : ",\n", terminator: "")
          var fields: [(String, TraceValue)] = [
            ("seq", .int(change.seq)), ("name", .string(change.actionName)),
          ]
          if let old = change.old { fields.append(("old", old)) }
          if let new = change.new { fields.append(("new", new)) }
          print(JSONOutput.object(fields).jsonText, terminator: "")
          first = false
        }
        print(first ? "]" : "\n]")
      } else {
        let style = TextStyle(colors: self.output.colors)
        let seqWidth = String(try reader.lastSeq()).count
        var count = 0
        try reader.forEachChange(of: path) { change in
          let seq = "#\(change.seq)"
          print(
            style.dim(ActionLine.pad(seq, seqWidth + 1, right: true)) + "  "
              + style.bold(change.actionName) + "  " + Self.describe(change.old, style: style.red)
              + " → " + Self.describe(change.new, style: style.green))
          count += 1
        }
        if count == 0 { print("(no action changed \(self.path))") }
      }
    }

    static func describe(_ value: TraceValue?, style: (String) -> String) -> String {
      value.map { style($0.oneLine(limit: DiffLine.valueLength)) } ?? "(absent)"
    }
  }
}
