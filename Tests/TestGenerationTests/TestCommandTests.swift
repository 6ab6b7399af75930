import Foundation
import TestSupport
import Testing

/// `tca-replay test` run as built: the demo session's test on standard output with a summary on
/// standard error, and every malformed flag, predicate and trace as one line with exit 2.
@Suite struct TestCommandTests {
  /// The demo session, recorded by the built tool (with what its effects asked the clock).
  static let sample: String = {
    let path = temporaryTracePath("demo")
    _ = try? ToolRun(["demo", "--trace", path])
    return path
  }()

  @Test func writesTheTestAndASummary() throws {
    let run = try ToolRun(["test", Self.sample, "--until", "5", "--name", "firstSteps"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("@Test func firstSteps() async throws {"))
    #expect(run.output.contains("@testable import DemoApp"))
    #expect(run.output.contains("await store.send(.counter(.view(.incrementButtonTapped))) {"))
    #expect(run.errors.hasPrefix("3 sends, 2 receives, 2 clock advances"), "\(run.errors)")
  }

  /// Standard output (or `-o FILE`) holds the test alone; standard error the summary, then the
  /// `Package.swift` lines the test's target needs.
  @Test func printsThePackageLinesTheTestTargetNeedsOnStandardError() throws {
    let run = try ToolRun(["test", Self.sample, "--until", "2"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors == """
        2 sends, 0 receives, 0 clock advances, 0 values decoded inline from JSON; ends with finish()
        Package.swift: the test target depends on
            "DemoApp",
            .product(name: "ComposableRuntime", package: "tca-replay"),
            .product(name: "TestGenerationSupport", package: "tca-replay"),
            .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
          and the package on
            .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),

        """)
    #expect(run.output.hasPrefix("import ComposableRuntime\n"), "\(run.output)")
    #expect(!run.output.contains("Package.swift"))

    let file = temporaryPath("RecordedSession.swift")
    let written = try ToolRun(["test", Self.sample, "--until", "2", "-o", file])
    #expect(written.status == 0, "\(written.errors)")
    #expect(written.output == "")
    #expect(written.errors == run.errors)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == run.output)
  }

  /// The lines name this package's products and the xctest-dynamic-overlay it requires.
  @Test func thePackageLinesAreThisPackagesOwn() throws {
    let manifest = try String(
      contentsOf: ToolRun.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains(#"name: "tca-replay""#))
    #expect(manifest.contains(#".library(name: "ComposableRuntime", "#))
    #expect(manifest.contains(#".library(name: "TestGenerationSupport", "#))
    #expect(
      manifest.contains(
        #".package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1")"#))
    #expect(
      manifest.contains(
        #".product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")"#))
  }

  /// A feature made with arguments is made in the test as given.
  @Test func theReducerGivenIsTheOneTheTestsStoreRuns() throws {
    let run = try ToolRun(
      ["test", Self.sample, "--until", "2", "--reducer-expression", "AppFeature()._printChanges()"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        """
          let store = TestStore(initialState: AppFeature.State()) {
            AppFeature()._printChanges()
          } withDependencies: {
        """), "\(run.output)")
  }

  @Test func xctestStyleWritesATestCase() throws {
    let run = try ToolRun(["test", Self.sample, "--until", "2", "--style", "xctest"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("final class RecordedSessionTests: XCTestCase {"))
    #expect(run.output.contains("func testRecordedSession() async throws {"))
  }

  @Test(arguments: [
    (["test"], "Missing expected argument '<trace>'"),
    (["test", "/nonexistent/trace.sqlite"], "/nonexistent/trace.sqlite"),
    (["test", sample, "--until", "0"], "expected --until to be a seq (1 or more), found 0"),
    (["test", sample, "--until", "x"], "--until"),
    (["test", sample, "--until", "999999"], "expected --until to name a recorded seq"),
    (["test", sample, "--style", "quick"], "--style"),
    (["test", sample, "--name", "not a name"], "expected a test name that is a Swift identifier"),
    (
      ["test", sample, "--dependencies", "$0.x = = ="],
      "expected Swift statements for --dependencies"
    ),
    (
      ["test", sample, "--reducer-expression", "let feature = AppFeature()"],
      "expected one Swift expression for --reducer-expression, found 'let feature = AppFeature()'"
    ),
    (
      ["test", sample, "--import", "Foundation; exit(1)"],
      "expected a module name to import, found 'Foundation; exit(1)'"
    ),
    (["test", sample, "--shrink-to", "counter.count >"], "expected"),
    (["test", sample, "--shrink-to", "a", "--shrink-to-issue"], "expected one of --shrink-to"),
    (["test", sample, "--shrink-to", "counter.count > 1000"], "expected the recording to reach"),
    (["test", sample, "-o", "/nonexistent/folder/Test.swift"], "cannot write the test to"),
    (["test", ToolRun.sampleTrace(version: 2).path], "not replayable"),
  ])
  func badInputIsOneLineAndStatusTwo(arguments: [String], expected: String) throws {
    let run = try ToolRun(arguments)
    #expect(run.status == 2, "\(arguments): \(run.errors)")
    #expect(run.output == "")
    let lines = run.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(arguments): \(run.errors)")
    #expect(run.errors.hasPrefix("tca-replay: "), "\(run.errors)")
    #expect(run.errors.contains(expected), "\(arguments): \(run.errors)")
  }

  @Test func aFileThatIsNotATraceIsOneLine() throws {
    let path = temporaryPath("not-a-trace.sqlite")
    try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
    let run = try ToolRun(["test", path])
    #expect(run.status == 2)
    #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
  }
}
