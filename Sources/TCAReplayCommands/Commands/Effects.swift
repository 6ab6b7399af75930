import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay effects TRACE`: every effect's life.
  struct Effects: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the effects: the action that started each, kind, ids, times and outcome.")

    @OptionGroup var trace: TraceOptions
    @Option(help: "Only effects alive after action SEQ ran.") var aliveAt: Int64?
    @Option(help: "Only effects that finished, were cancelled, failed, or were still running.")
    var outcome: EffectFilter.Outcome?
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      var filter = EffectFilter()
      filter.aliveAt = try self.aliveAt.map { try SeqArgument.checked($0, in: reader) }
      filter.outcome = self.outcome
      if self.output.json {
        var first = true
        print("[", terminator: "")
        try reader.forEachEffect(matching: filter) { effect, actionName in
          print(first ? "\n" : ",\n", terminator: "")
          print(EffectLine.json(effect, actionName: actionName).jsonText, terminator: "")
          first = false
        }
        print(first ? "]" : "\n]")
      } else {
        let style = TextStyle(colors: self.output.colors)
        var count = 0
        try reader.forEachEffect(matching: filter) { effect, actionName in
          print(EffectLine.text(effect, actionName: actionName, idWidth: 3, style: style))
          count += 1
        }
        if count == 0 { print("(no effects)") }
      }
    }
  }
}

extension EffectFilter.Outcome: ExpressibleByArgument {}
