/// The `Package.swift` lines a test target needs to compile a generated test and have its
/// `TestStore` failures fail it: what `tca-replay test` prints on standard error after its summary.
///
/// ```
/// Package.swift: the test target depends on
///     "MyApp",
///     .product(name: "ComposableRuntime", package: "tca-replay"),
///     .product(name: "TestGenerationSupport", package: "tca-replay"),
///     .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
///   and the package on
///     .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
/// ```
///
/// `TestGenerationSupport` is listed even for a test that does not import it, so that a target
/// the lines were copied into once keeps compiling the next test generated into it. On Linux,
/// IssueReporting reaches Swift Testing only through `IssueReportingTestSupport`; a package may
/// name a product only of a package it depends on itself, hence the package line.
struct TestTargetDependencies: CustomStringConvertible {
  /// The module the test imports with `@testable import`: a target of the user's package.
  var featureModule: String

  /// The entries of the test target's `dependencies:`.
  var targetDependencies: [String] {
    [
      "\"\(self.featureModule)\"",
      #".product(name: "ComposableRuntime", package: "tca-replay")"#,
      #".product(name: "TestGenerationSupport", package: "tca-replay")"#,
      #".product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")"#,
    ]
  }

  /// The entry of the package's `dependencies:`, at the version this package requires.
  static let issueReportingPackage =
    #".package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1")"#

  var description: String {
    (["Package.swift: the test target depends on"]
      + self.targetDependencies.map { "    \($0)," }
      + ["  and the package on", "    \(Self.issueReportingPackage),"])
      .joined(separator: "\n")
  }
}
