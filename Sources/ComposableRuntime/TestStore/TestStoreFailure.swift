import IssueReporting

#if os(Linux) || os(Android)
  import Foundation
#endif

/// Reports a `TestStore` failure through IssueReporting and, when IssueReporting cannot hand it to
/// the test framework that runs the test, still makes the test run fail.
///
/// On Linux, IssueReporting reaches Swift Testing only through the `IssueReportingTestSupport`
/// product of xctest-dynamic-overlay. In a test target that does not link it, a failure in a Swift
/// Testing test is reduced to a line on standard error ("An issue was recorded without linking
/// the Testing framework", without the failure itself) and the test passes; in a release build the
/// same happens under XCTest. A TCA user expects a wrong `send` to fail `swift test`, so then the
/// failure is printed in full on standard error at once, and the process ends with exit status 1
/// when the test framework has finished, with a closing line that names the missing product.
///
/// ```
/// /path/CounterTests.swift:12: error: TestStore failure that no test framework recorded: …
/// error: 1 TestStore failure was not recorded by the test framework …; the test run fails.
/// ```
///
/// NB: Failing at exit is the honest means left. Swift Testing is built with library evolution:
/// `Issue.record` takes a `Comment?` and a `SourceLocation`, resilient structs whose layout only a
/// module that links Testing can know, so calling it through `dlsym` with copied layouts (what
/// IssueReporting does on Darwin) could corrupt memory after any toolchain update; and linking
/// Testing from the runtime would put the test library in every app. XCTest's `XCTFail` takes only
/// standard-library types, and IssueReporting already finds it by name in debug builds; a release
/// build without the product gets the same closing failure as Swift Testing. The test itself still
/// shows as passed in the framework's summary: the closing line says why the run failed.
func reportTestStoreFailure(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  // NB: Reporters without the default one collect issues themselves (`withIssueReporters`):
  // nothing is lost there.
  guard isTesting, IssueReporters.current.contains(where: { $0 is _DefaultReporter }),
    !UndeliveredTestFailures.reachesTestFramework.value()
  else { return }
  UndeliveredTestFailures.record(message, filePath: "\(filePath)", line: line)
}

/// The `TestStore` failures of this process that no test framework recorded; the first one makes
/// the process exit with status 1 once the test framework is done.
enum UndeliveredTestFailures {
  /// Whether an issue IssueReporting reports now reaches a test framework; tests replace it to
  /// see the fallback in a process that links the test support.
  static let reachesTestFramework = LockIsolated<@Sendable () -> Bool>(
    TestFrameworkLink.reachesTestFramework)

  private static let count = LockIsolated(0)

  /// How many failures were not recorded so far.
  static var recorded: Int { self.count.value }

  static func record(_ message: String, filePath: String, line: UInt) {
    let isFirst = self.count.withValue {
      $0 += 1
      return $0 == 1
    }
    #if os(Linux) || os(Android)
      self.printError(
        "\(filePath):\(line): error: TestStore failure that no test framework recorded: \(message)")
      if isFirst {
        atexit { UndeliveredTestFailures.failProcess() }
      }
    #endif
  }

  /// The line printed when the process ends with undelivered failures.
  static func closingLine(count: Int) -> String {
    """
    error: \(count) TestStore failure\(count == 1 ? " was" : "s were") not recorded by the test \
    framework, because this test target does not link IssueReportingTestSupport; the test run \
    fails. Add .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay") to \
    the test target's dependencies.
    """
  }

  #if os(Linux) || os(Android)
    // NB: Runs as an `atexit` handler: the test framework has printed its summary and chosen its
    // status; `_exit` replaces that status without running the handlers registered before this one.
    private static func failProcess() {
      fflush(nil)
      self.printError(self.closingLine(count: self.recorded))
      _exit(1)
    }

    private static func printError(_ line: String) {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  #endif
}
