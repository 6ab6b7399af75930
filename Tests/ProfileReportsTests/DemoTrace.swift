import Foundation
import TraceTestSupport

/// The demo session's version 1 trace in `Recordings/`.
let demoTracePath = ToolRun.sampleTrace(version: 1).path

/// A copy of the demo trace in a temporary folder, so opening it never touches the sample.
func copyOfDemoTrace() throws -> String {
  let path = temporaryTracePath("demo")
  try FileManager.default.copyItem(atPath: demoTracePath, toPath: path)
  return path
}
