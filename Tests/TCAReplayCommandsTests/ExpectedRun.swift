import TestSupport
import Testing

/// Runs the built tool with `arguments` and checks its whole result: the exit status, standard
/// error (every line, exactly) and, when given, standard output.
///
/// ```swift
/// try expectRun(["show", trace, "-5"], status: 2, errors: "tca-replay: expected a seq …\n")
/// ```
func expectRun(
  _ arguments: [String], status: Int32, output: String? = nil, errors: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let run = try ToolRun(arguments)
  #expect(run.status == status, "\(arguments)", sourceLocation: sourceLocation)
  #expect(run.errors == errors, "\(arguments)", sourceLocation: sourceLocation)
  if let output {
    #expect(run.output == output, "\(arguments)", sourceLocation: sourceLocation)
  }
}
