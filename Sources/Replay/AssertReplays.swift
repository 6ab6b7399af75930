import ComposableRuntime
import Foundation
import IssueReporting

/// Replays a recorded session through `reducer` and fails the test with the divergence report if
/// today's code does anything the recording did not: a recording becomes a regression test.
///
/// ```swift
/// @Test func bugReportStaysFixed() async {
///   await assertReplays("Fixtures/bug.sqlite", AppFeature())
/// }
/// ```
///
/// It reports through IssueReporting, so it fails a Swift Testing test and an XCTest test alike.
/// A relative `path` is looked up from the current directory, then from the folder of the test
/// file that calls it. A trace that cannot be replayed fails the test with its one-line reason.
@MainActor
public func assertReplays<R: Reducer>(
  _ path: String,
  _ reducer: R,
  mode: Replay.Mode = .hermetic,
  from: Int64? = nil,
  withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async where R.State: Codable, R.Action: Codable {
  let resolved = resolve(path, besides: "\(filePath)")
  do {
    let result = try await Replay(path: resolved).run(
      reducer, mode: mode, from: from, withDependencies: prepareDependencies)
    if let divergence = result.divergence {
      reportIssue(
        "Replaying \(path) diverged after \(result.replayedActions) actions:\n\n"
          + divergence.description,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  } catch {
    reportIssue(
      "Could not replay \(path): \(error)", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

/// `path` as given when it exists or is absolute, otherwise relative to the folder of `file`.
private func resolve(_ path: String, besides file: String) -> String {
  guard !path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) else { return path }
  return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path).path
}
