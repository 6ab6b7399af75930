import CustomDump
import Foundation
import Testing

/// Compares `output` byte for byte with the golden file `Expected/NAME.txt` beside the calling
/// test file, and on a mismatch reports a line diff of the two.
///
/// Set `TCA_REPLAY_RECORD_EXPECTED=1` to write the files anew from `output`; each file that was
/// missing or different is then reported as an issue, so a run that re-recorded anything fails
/// and names what it wrote (read the diff before committing). A missing file is never written
/// without that switch, and with `CI=true` it is never written at all.
///
/// ```swift
/// let run = try ToolRun(["info", "Recordings/demo-v1.sqlite"])
/// try expectOutput(run.output, matches: "info")  // Expected/info.txt
/// ```
public func expectOutput(
  _ output: String, matches name: String, filePath: StaticString = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let relative = "Expected/\(name).txt"
  let file = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    .appendingPathComponent(relative)
  let expected = try? Data(contentsOf: file)
  // NB: Bytes, not `String ==`, which calls canonically equivalent texts ("é" and "e\u{301}")
  // equal: a golden proves the output is byte-identical.
  if expected == Data(output.utf8) { return }
  let environment = ProcessInfo.processInfo.environment
  if environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
    guard environment["CI"] != "true" else {
      Issue.record(
        "\(relative): expected no re-recording where CI=true, found TCA_REPLAY_RECORD_EXPECTED=1",
        sourceLocation: sourceLocation)
      return
    }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(output.utf8).write(to: file, options: .atomic)
    let was = expected == nil ? "it was missing" : "it differed"
    Issue.record(
      "\(relative): recorded anew (\(was)); read its diff, then run again without the switch",
      sourceLocation: sourceLocation)
    return
  }
  guard let expected else {
    Issue.record(
      "\(relative): expected a golden file, found none (TCA_REPLAY_RECORD_EXPECTED=1 records it)",
      sourceLocation: sourceLocation)
    return
  }
  let expectedText = String(decoding: expected, as: UTF8.self)
  let lines =
    diff(expectedText, output)
    ?? "(the texts differ only in bytes a line diff does not show)"
  Issue.record(
    "\(relative): the output differs from the golden file (− golden, + output):\n\(lines)",
    sourceLocation: sourceLocation)
}
