import ArgumentParser

extension TCAReplay {
  /// `tca-replay info TRACE`: what a trace holds and how the recording ended.
  struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a trace's header, counts, duration and what was not captured.")

    @OptionGroup var trace: TraceOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let summary = try TraceSummary(self.trace.open())
      if self.output.json {
        print(summary.json.jsonText)
      } else {
        print(summary.text(style: TextStyle(colors: self.output.colors)))
      }
    }
  }
}
