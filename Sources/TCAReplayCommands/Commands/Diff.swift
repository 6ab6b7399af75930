import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay diff TRACE SEQ [SEQ2]`: what an action changed, or what changed between two
  /// points.
  struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the change action SEQ made, or the change from SEQ to SEQ2.",
      // NB: Written out because the seqs are declared as an array (see PositionalSeqs), which
      // the generated usage would show as `[<seq> ...]`; keep it in step with the options.
      usage: "tca-replay diff <trace> <seq> [<seq2>] [--json] [--no-color]")

    @OptionGroup var trace: TraceOptions
    // NB: An array of what the parser did not take, so that a negative seq (`-5`) arrives (see
    // PositionalSeqs).
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(
        "The action whose change to print; with SEQ2 after it, the change from the state "
          + "after SEQ to the state after SEQ2.",
        valueName: "seq"))
    var seqs: [String] = []
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try PositionalSeqs(self.seqs, names: Self.seqNames, required: 1)
    }

    /// The positional seqs as usage errors name them.
    static let seqNames = ["<seq>", "<seq2>"]

    func run() async throws {
      let reader = try self.trace.open()
      let given = try PositionalSeqs(self.seqs, names: Self.seqNames, required: 1).values
      let seq = try SeqArgument.checked(given[0], in: reader)
      let operations: [DiffOperation]
      var header: ActionRecord?
      if let seq2 = given.dropFirst().first {
        operations = try reader.diff(from: seq, to: SeqArgument.checked(seq2, in: reader))
      } else if seq == 0 {
        operations = []
      } else if let action = try reader.action(seq) {
        operations = action.diff
        header = action
      } else {
        // NB: A seq the deny-list left out has no row; its change is folded into the next one.
        throw CommandError(
          "expected a recorded action at #\(seq), found none (the deny-list may have left it out)")
      }
      if self.output.json {
        print(TraceValue.array(operations.map(DiffLine.json)).jsonText)
        return
      }
      let style = TextStyle(colors: self.output.colors)
      if let line = header.flatMap({ ActionLine.header($0, style: style) }) { print(line) }
      if operations.isEmpty {
        print("(no state changes)")
      } else {
        for operation in operations { print(DiffLine.text(operation, style: style)) }
      }
    }
  }
}
