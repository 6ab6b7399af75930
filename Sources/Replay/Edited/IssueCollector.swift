import ConcurrencyExtras
import IssueReporting

/// Collects the issues the runtime reports during a replay (an action sent to a child whose state
/// is gone, an unhandled error), so that a changed replay can say it caused one instead of
/// failing the caller's test.
package final class IssueCollector: IssueReporter {
  private let messages = LockIsolated<[String]>([])

  package init() {}

  /// The messages reported so far, each on one line.
  package var reported: [String] { self.messages.value }

  package func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    guard severity != .warning else { return }
    let text = ReplayError.oneLine(message() ?? "an issue at \(fileID):\(line)")
    self.messages.withValue { $0.append(text) }
  }
}
