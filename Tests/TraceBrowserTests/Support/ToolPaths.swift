import Foundation

/// Where the tests find the package and the built `tca-replay`.
enum ToolPaths {
  /// The package's root folder, where `Recordings/` is.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Where the package's executables are built: beside the test bundle.
  static var productsDirectory: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The built `tca-replay`.
  static var tool: URL { self.productsDirectory.appendingPathComponent("tca-replay") }
}
