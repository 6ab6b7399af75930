import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay scopes TRACE SEQ`: where an action's reducer time went.
  struct Scopes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the child scopes that ran for action SEQ, with self and total time.",
      // NB: Written out because the seqs are declared as an array (see PositionalSeqs), which
      // the generated usage would show as `[<seq> ...]`; keep it in step with the options.
      usage: "tca-replay scopes <trace> <seq> [--json] [--no-color]")

    @OptionGroup var trace: TraceOptions
    // NB: An array of what the parser did not take, so that a negative seq (`-5`) arrives (see
    // PositionalSeqs).
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("The action whose scopes to show.", valueName: "seq"))
    var seqs: [String] = []
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try PositionalSeqs(self.seqs, names: ["<seq>"], required: 1)
    }

    func run() async throws {
      let reader = try self.trace.open()
      let given = try PositionalSeqs(self.seqs, names: ["<seq>"], required: 1).values[0]
      let seq = try SeqArgument.checked(given, in: reader)
      guard let action = try reader.action(seq) else {
        throw CommandError(
          "expected a recorded action at #\(seq), found none"
            + (seq == 0 ? " (0 is the initial state)" : " (the deny-list may have left it out)"))
      }
      let scopes = try reader.scopes(of: seq)
      if self.output.json {
        print(ScopeTree.json(action: action, scopes: scopes).jsonText)
      } else {
        print(
          ScopeTree.text(
            action: action, scopes: scopes, style: TextStyle(colors: self.output.colors)))
      }
    }
  }
}
