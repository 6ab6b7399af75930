import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay log TRACE`: one line per action.
  struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the actions: seq, time, origin, case path and payload.")

    @OptionGroup var trace: TraceOptions
    @Option(help: "The first seq to list.") var from: Int64?
    @Option(help: "The last seq to list.") var to: Int64?
    @Option(help: "Only case paths matching this glob (todos.*, *.binding.*).") var name: String?
    @Option(help: "Only actions sent from outside (send) or by effects (effect).")
    var origin: ActionFilter.Origin?
    @Flag(help: "Only actions that changed the state.") var changedOnly = false
    @Option(help: "At most this many actions.") var limit: Int?
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, found \(limit)") }
    }

    func run() async throws {
      let reader = try self.trace.open()
      var filter = ActionFilter()
      filter.from = self.from
      filter.to = self.to
      filter.namePattern = self.name
      filter.origin = self.origin
      filter.changedOnly = self.changedOnly
      filter.limit = self.limit
      if self.output.json {
        var first = true
        print("[", terminator: "")
        try reader.forEachAction(matching: filter) { action in
          print(first ? "\n" : ",\n", terminator: "")
          print(ActionLine.json(action).jsonText, terminator: "")
          first = false
        }
        print(first ? "]" : "\n]")
      } else {
        let style = TextStyle(colors: self.output.colors)
        let seqWidth = String(try reader.lastSeq()).count
        try reader.forEachAction(matching: filter) { action in
          print(ActionLine.text(action, seqWidth: seqWidth, style: style))
        }
      }
    }
  }
}

extension ActionFilter.Origin: ExpressibleByArgument {}
