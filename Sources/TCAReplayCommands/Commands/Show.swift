import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay show TRACE SEQ`: the state after an action.
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the state after action SEQ (0: the initial state), or the value at a path.")

    @OptionGroup var trace: TraceOptions
    @Argument(help: "The action after which to show the state; 0 for the initial state.")
    var seq: Int64
    @Option(help: "Only the value at this state path (todos[id: 3].title).") var path: String?
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      let seq = try SeqArgument.checked(self.seq, in: reader)
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
      print(self.output.json ? value.jsonText : value.dump())
    }

    static func fieldNames(of value: TraceValue) -> String {
      guard case let .object(fields) = value, !fields.isEmpty else { return "none" }
      return fields.map(\.name).joined(separator: ", ")
    }
  }
}
