import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay diff TRACE SEQ [SEQ2]`: what an action changed, or what changed between two
  /// points.
  struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the change action SEQ made, or the change from SEQ to SEQ2.")

    @OptionGroup var trace: TraceOptions
    @Argument(help: "The action whose change to print (or the starting point, with SEQ2).")
    var seq: Int64
    @Argument(help: "The end point: print the change from the state after SEQ to the one after it.")
    var seq2: Int64?
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      let seq = try SeqArgument.checked(self.seq, in: reader)
      let operations: [DiffOperation]
      if let seq2 = self.seq2 {
        operations = try reader.diff(from: seq, to: SeqArgument.checked(seq2, in: reader))
      } else if seq == 0 {
        operations = []
      } else if let action = try reader.action(seq) {
        operations = action.diff
      } else {
        // NB: A seq the deny-list left out has no row; its change is folded into the next one.
        throw CommandError(
          "expected a recorded action at #\(seq), found none (the deny-list may have left it out)")
      }
      if self.output.json {
        print(TraceValue.array(operations.map(DiffLine.json)).jsonText)
      } else if operations.isEmpty {
        print("(no state changes)")
      } else {
        let style = TextStyle(colors: self.output.colors)
        for operation in operations { print(DiffLine.text(operation, style: style)) }
      }
    }
  }
}
