import Foundation
import Testing

/// Compares `output` with `Expected/NAME.txt` beside the tests. `TCA_REPLAY_RECORD_EXPECTED=1`
/// writes the file anew (read the diff before committing); a missing file fails.
func expectOutput(
  _ output: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Expected/\(name).txt")
  if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
    try output.write(to: file, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
    Issue.record(
      "No expected output at Expected/\(name).txt; run with TCA_REPLAY_RECORD_EXPECTED=1",
      sourceLocation: sourceLocation)
    return
  }
  #expect(output == expected, sourceLocation: sourceLocation)
}
