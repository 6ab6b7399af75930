import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay effects TRACE`: every effect's life.
  struct Effects: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the effects: the action that started each, kind, ids, times and outcome.")

    @OptionGroup var trace: TraceOptions
    // NB: `.unconditional`, so that `--alive-at -5` is a value to check, not a flag named 5.
    @Option(parsing: .unconditional, help: "Only effects alive after action SEQ ran.")
    var aliveAt: Int64?
    @Option(help: "Only effects that finished, were cancelled, failed, or were still running.")
    var outcome: EffectFilter.Outcome?
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      var filter = EffectFilter()
      filter.aliveAt = try self.aliveAt.map { try SeqArgument.checked($0, in: reader) }
      filter.outcome = self.outcome
      var count = 0
      if self.output.json {
        print("[", terminator: "")
        try reader.forEachEffect(matching: filter) { effect, actionName in
          print(count == 0 ? "\n" : ",\n", terminator: "")
          print(EffectLine.json(effect, actionName: actionName).jsonText, terminator: "")
          count += 1
        }
        print(count == 0 ? "]" : "\n]")
      } else {
        let style = TextStyle(colors: self.output.colors)
        try reader.forEachEffect(matching: filter) { effect, actionName in
          print(EffectLine.text(effect, actionName: actionName, idWidth: 3, style: style))
          count += 1
        }
        if count == 0 { print("(no effects)") }
      }
      if count == 0, let note = try Self.noMatch(filter, in: reader) {
        CommandLineTool.printNote(note)
      }
    }
  }
}

extension EffectFilter.Outcome: ExpressibleByArgument {}
