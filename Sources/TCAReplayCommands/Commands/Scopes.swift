import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay scopes TRACE SEQ`: where an action's reducer time went.
  struct Scopes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the child scopes that ran for action SEQ, with self and total time.")

    @OptionGroup var trace: TraceOptions
    @Argument(help: "The action whose scopes to show.") var seq: Int64
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      let seq = try SeqArgument.checked(self.seq, in: reader)
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
