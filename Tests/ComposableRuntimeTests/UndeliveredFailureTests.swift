import Foundation
import Testing

@testable import ComposableRuntime

/// A `TestStore` failure that no test framework recorded still fails the test run.
///
/// NB: This package's test binary links IssueReportingTestSupport, so here every failure reaches
/// Swift Testing. The probe below runs in a child process of this binary and makes the runtime
/// believe its failures go nowhere, as they do in a test target without the product; what real
/// test targets without it do is measured in docs/Test-generation.md, with the script that
/// measures it.
@MainActor
@Suite struct UndeliveredFailureTests {
  @Test func failuresReachSwiftTestingInThisSuite() {
    #expect(TestFrameworkLink.reachesTestFramework())
  }

  @Test func aFailureNoFrameworkRecordedFailsTheRun() throws {
    let run = try ProbeRun(test: "wrongExpectation")
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    // Swift Testing (which prints on standard error) saw nothing wrong: the known issue stands for
    // a failure it never heard of.
    #expect(run.errors.contains("Test run with 1 test in 1 suite passed"), "\(run.errors)")
    #expect(
      run.errors.contains(
        """
        UndeliveredFailureTests.swift:\(UndeliveredFailureProbe.wrongExpectationLine): error: \
        TestStore failure that no test framework recorded: A state change does not match expectation after sending \
        UndeliveredFailureProbe.Action.increment: …

            − 2
            + 1
        """), "\(run.errors)")
    #expect(
      run.errors.hasSuffix(
        """
        error: 1 TestStore failure was not recorded by the test framework, because this test \
        target does not link IssueReportingTestSupport; the test run fails. Add \
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay") to the \
        test target's dependencies.

        """), "\(run.errors)")
  }

  @Test func aPassingTestStillPasses() throws {
    let run = try ProbeRun(test: "rightExpectation")
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("Test run with 1 test in 1 suite passed"), "\(run.errors)")
    #expect(!run.errors.contains("TestStore failure"), "\(run.errors)")
  }
}

/// Runs only in the child process `UndeliveredFailureTests` starts.
@MainActor
@Suite(.enabled(if: ProcessInfo.processInfo.environment[ProbeRun.variable] != nil))
struct UndeliveredFailureProbe {
  enum Action { case increment }

  let store = TestStore(initialState: 0) {
    Reduce<Int, Action> { state, _ in
      state += 1
      return .none
    }
  }

  init() {
    UndeliveredTestFailures.reachesTestFramework.setValue { false }
  }

  @Test func wrongExpectation() async {
    // NB: Swift Testing records the failure as a known issue and passes the test, as it passes a
    // test whose failure never reached it.
    await withKnownIssue {
      await self.store.send(.increment) { $0 = 2 }
    }
  }
  /// The line of the wrong expectation above, which the failure names.
  static let wrongExpectationLine = #line - 4

  @Test func rightExpectation() async {
    await self.store.send(.increment) { $0 = 1 }
  }
}

/// One run of this test binary's Swift Testing tests, filtered to one probe test.
private struct ProbeRun {
  static let variable = "TCA_REPLAY_UNDELIVERED_FAILURE_PROBE"

  var output: String
  var errors: String
  var status: Int32

  init(test: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "--testing-library", "swift-testing", "--filter", "UndeliveredFailureProbe/\(test)",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging([Self.variable: "1"]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // NB: The probe prints a few lines: neither pipe can fill before the process ends.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    self.output = String(decoding: outputData, as: UTF8.self)
    self.errors = String(decoding: errorData, as: UTF8.self)
    self.status = process.terminationStatus
  }
}
