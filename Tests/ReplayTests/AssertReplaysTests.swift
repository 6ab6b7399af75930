import ComposableRuntime
import Foundation
import Replay
import TestSupport
import Testing

@MainActor
@Suite struct AssertReplaysTests {
  @Test func passesWhenTheRecordingReplaysIdentically() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    await assertReplays(path, Probe())
  }

  @Test func failsWithTheReportWhenTheCodeDiverges() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    await withKnownIssue {
      await assertReplays(path, Probe(variant: .countsTwiceFromTwo))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
      return text.contains("diverged at #") && text.contains("(state)")
    }
  }

  @Test func failsInOneLineWhenTheTraceCannotBeReplayed() async throws {
    await withKnownIssue {
      await assertReplays("no-such-trace.sqlite", Probe())
    } matching: { issue in
      "\(issue)".contains("Could not replay no-such-trace.sqlite")
    }
  }
}
