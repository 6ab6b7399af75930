import Foundation
import TraceTestSupport

/// The demo session's trace in `Recordings/`, found from this file's path.
let demoTracePath = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Recordings/demo-v1.sqlite").path

/// A copy of the demo trace in a temporary folder, so opening it never touches the sample.
func copyOfDemoTrace() throws -> String {
  let path = temporaryTracePath("demo")
  try FileManager.default.copyItem(atPath: demoTracePath, toPath: path)
  return path
}
