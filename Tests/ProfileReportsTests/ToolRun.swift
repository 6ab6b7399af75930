import Foundation
import Testing

/// One run of the built `tca-replay` binary, from the package root: its whole output, errors and
/// exit status.
struct ToolRun {
  var output: String
  var errors: String
  var status: Int32

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  init(_ arguments: [String]) throws {
    let process = Process()
    // The executables are built beside the test bundle.
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("tca-replay")
    process.arguments = arguments
    process.currentDirectoryURL = Self.packageRoot
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = LockedData()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    self.output = String(decoding: outputData, as: UTF8.self)
    self.errors = String(decoding: errorData.get(), as: UTF8.self)
    self.status = process.terminationStatus
  }
}

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
