import IssueReporting

#if os(Linux) || os(Android)
  import Foundation
#endif

/// Whether IssueReporting can hand an issue to the test framework running the current test, found
/// the way IssueReporting itself looks for it.
enum TestFrameworkLink {
  /// Whether an issue IssueReporting reports now reaches Swift Testing or XCTest.
  ///
  /// NB: On Linux, IssueReporting looks up `IssueReportingTestSupport`'s entry points by symbol
  /// name, first in `libIssueReportingTestSupport.so`, then in the process; without them, it
  /// reaches XCTest alone, in debug builds, by looking up `XCTFail`. This check asks the same
  /// questions, so it agrees with where the issue went. SwiftPM builds every target of a package
  /// in the same configuration, so this module's `DEBUG` is IssueReporting's. On Darwin,
  /// IssueReporting finds both frameworks itself in debug builds: the check answers yes there.
  @Sendable
  static func reachesTestFramework() -> Bool {
    #if os(Linux) || os(Android)
      switch TestContext.current {
      case .swiftTesting, nil:
        return self.resolves(
          "$s25IssueReportingTestSupport07_recordA0ypyF", in: "IssueReportingTestSupport")
      case .xcTest:
        if self.resolves(
          "$s25IssueReportingTestSupport8_XCTFailypyF", in: "IssueReportingTestSupport")
        {
          return true
        }
        #if DEBUG
          return self.resolves("$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF", in: "XCTest")
        #else
          return false
        #endif
      }
    #else
      return true
    #endif
  }

  #if os(Linux) || os(Android)
    private static func resolves(_ symbol: String, in library: String) -> Bool {
      guard let handle = dlopen("lib\(library).so", RTLD_LAZY) ?? dlopen(nil, RTLD_LAZY) else {
        return false
      }
      defer { dlclose(handle) }
      return dlsym(handle, symbol) != nil
    }
  #endif
}
