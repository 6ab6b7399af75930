import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay log TRACE`: one line per action.
  struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the actions: seq, time, origin, case path and payload.")

    @OptionGroup var trace: TraceOptions
    // NB: `.unconditional`, so that `--from -5` is a value to check, not a flag named 5.
    @Option(parsing: .unconditional, help: "The first seq to list.") var from: Int64?
    @Option(parsing: .unconditional, help: "The last seq to list.") var to: Int64?
    @Option(help: "Only case paths matching this glob (todos.*, *.binding.*).") var name: String?
    @Option(help: "Only actions sent from outside (send) or by effects (effect).")
    var origin: ActionFilter.Origin?
    @Flag(help: "Only actions that changed the state.") var changedOnly = false
    @Option(parsing: .unconditional, help: "At most this many actions.") var limit: Int?
    @Flag(help: "Show where each action was sent from (file:line), where the trace knows it.")
    var sites = false
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, found \(limit)") }
      for (flag, seq) in [("--from", self.from), ("--to", self.to)] {
        if let seq, seq < 0 {
          throw ValidationError("expected a seq of 0 or more for \(flag), found \(seq)")
        }
      }
      if let from, let to, from > to {
        throw ValidationError(
          "expected --from at most --to, found --from \(from) after --to \(to)")
      }
      if let name, let problem = GlobPattern.problem(in: name) {
        throw ValidationError(
          "expected a glob for --name (* any run of characters, ? one, [a-z] one of a set), "
            + "found '\(name)' with \(problem)")
      }
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
      var count = 0
      let recordsSites = reader.recordsSendSites
      let recordsReads = reader.header.schemaVersion >= 7
      if self.output.json {
        print("[", terminator: "")
        try reader.forEachAction(matching: filter) { action in
          print(count == 0 ? "\n" : ",\n", terminator: "")
          print(
            ActionLine.json(action, site: recordsSites, reads: recordsReads).jsonText,
            terminator: "")
          count += 1
        }
        print(count == 0 ? "]" : "\n]")
      } else {
        let style = TextStyle(colors: self.output.colors)
        let seqWidth = String(try reader.lastSeq()).count
        try reader.forEachAction(matching: filter) { action in
          print(ActionLine.text(action, seqWidth: seqWidth, style: style, sites: self.sites))
          count += 1
        }
      }
      if count == 0, let note = try Self.noMatch(filter, in: reader) {
        CommandLineTool.printNote(note)
      }
    }
  }
}

extension ActionFilter.Origin: ExpressibleByArgument {}
