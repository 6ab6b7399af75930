import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay show TRACE SEQ`: the state after an action.
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the state after action SEQ (0: the initial state), or the value at a path.",
      // NB: Written out because the seqs are declared as an array (see PositionalSeqs), which
      // the generated usage would show as `[<seq> ...]`; keep it in step with the options.
      usage: "tca-replay show <trace> <seq> [--path <path>] [--json] [--no-color]")

    @OptionGroup var trace: TraceOptions
    // NB: An array of what the parser did not take, so that a negative seq (`-5`) arrives (see
    // PositionalSeqs).
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(
        "The action after which to show the state; 0 for the initial state.", valueName: "seq"))
    var seqs: [String] = []
    @Option(help: "Only the value at this state path (todos[id: 3].title).") var path: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try PositionalSeqs(self.seqs, names: ["<seq>"], required: 1)
    }

    func run() async throws {
      let reader = try self.trace.open()
      let given = try PositionalSeqs(self.seqs, names: ["<seq>"], required: 1).values[0]
      let seq = try SeqArgument.checked(given, in: reader)
      var value = try reader.state(at: seq)
      if let text = self.path {
        let path = try SeqArgument.path(text)
        guard let found = value.value(at: path) else {
          throw CommandError(
            "expected a value at \(text) in the state after #\(seq), found none "
              + "(its top-level fields: \(Self.fieldNames(of: value)))")
        }
        value = found
      }
      if !self.output.json, seq > 0, let action = try reader.action(seq),
        let header = ActionLine.header(action, style: TextStyle(colors: self.output.colors))
      {
        print(header)
      }
      print(self.output.json ? value.jsonText : value.dump())
    }

    static func fieldNames(of value: TraceValue) -> String {
      guard case let .object(fields) = value, !fields.isEmpty else { return "none" }
      return fields.map(\.name).joined(separator: ", ")
    }
  }
}
