import Foundation
import Testing

/// Compares a command's whole output with the file `Expected/NAME.txt` next to the tests.
///
/// Set `TCA_REPLAY_RECORD_EXPECTED=1` to write the files anew from what the tool prints (then
/// read the diff before committing it); a missing file is never written silently, it fails.
func expectOutput(
  _ output: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Expected").appendingPathComponent("\(name).txt")
  if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
    try output.write(to: file, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
    Issue.record(
      "No expected output at Expected/\(name).txt; run with TCA_REPLAY_RECORD_EXPECTED=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  #expect(output == expected, sourceLocation: sourceLocation)
}
