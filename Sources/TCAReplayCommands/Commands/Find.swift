import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay find TRACE PREDICATE`: when a state predicate first holds.
  struct Find: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Find the first action after which a state predicate holds.",
      discussion: """
        PREDICATE reads PATH OP VALUE (OP one of == != < <= > >=, VALUE a JSON literal or \
        another path) or PATH exists, combined with !, && and || and parentheses: \
        'counter.count > 10', 'items.destination exists && !(search.query == "")', \
        'search.resultsFor != search.query'. A path that leads nowhere reads as null; a path \
        the trace never holds anywhere is an error (exit 2) naming the closest one it does. \
        Only the actions that changed a path the predicate reads are examined. With --all, \
        every later action at which it starts to hold again is listed too.
        """)

    @OptionGroup var trace: TraceOptions
    @Argument(help: "A state predicate: counter.count > 10, items.destination exists.")
    var predicate: String
    @Flag(help: "List every action at which the predicate starts to hold, not only the first.")
    var all = false
    @Option(
      parsing: .unconditional, help: "Start at this seq: the predicate holding there counts.")
    var from: Int64 = 0
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      let predicate: StatePredicate
      do {
        predicate = try StatePredicate(parsing: self.predicate)
      } catch {
        throw CommandError("\(error)")
      }
      let last = try reader.lastSeq()
      _ = try SeqArgument.checked(self.from, in: reader)
      if let missing = try reader.missingPath(among: predicate.paths) {
        throw CommandError("\(missing)")
      }
      var matches: [PredicateMatch] = []
      try reader.forEachMatch(of: predicate, from: self.from, all: self.all) {
        matches.append($0)
      }
      if self.output.json {
        print(TraceValue.array(matches.map(Self.json)).jsonText)
      } else {
        let style = TextStyle(colors: self.output.colors)
        for match in matches { print(Self.text(match, style: style)) }
      }
      if matches.isEmpty {
        CommandLineTool.printNote(
          "\(predicate) never holds from #\(self.from) to #\(last)")
      }
    }

    /// `#12  counter.view.incrementButtonTapped` and a line per path: `  counter.count = 11`.
    static func text(_ match: PredicateMatch, style: TextStyle) -> String {
      let headline =
        style.dim("#\(match.seq)") + "  "
        + (match.actionName.map(style.bold) ?? style.dim("(the initial state)"))
      let values = match.values.map { value in
        "  \(value.path) = " + (value.value.map { $0.jsonText } ?? style.dim("(absent)"))
      }
      return ([headline] + values).joined(separator: "\n")
    }

    /// `{"seq":12,"name":"…","values":{"counter.count":11}}`; `name` null for the initial state,
    /// a value null where its path led nowhere.
    static func json(_ match: PredicateMatch) -> TraceValue {
      JSONOutput.object([
        ("seq", .int(match.seq)),
        ("name", JSONOutput.string(match.actionName)),
        ("values", .object(match.values.map { .init($0.path.description, $0.value ?? .null) })),
      ])
    }
  }
}
