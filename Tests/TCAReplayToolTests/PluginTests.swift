import Foundation
import TestGenerationFixtures
import TestSupport
import Testing

/// `swift package tca-replay …` in a package of a team's own, as a user runs it: the checkout
/// fixture's sources (a feature whose `State` and `Action` are not `Codable`, recorded on a real
/// clock) as a library of a new package that depends on this one by path, with its dependencies
/// given once in `TCAReplayDependencies.swift`, and no executable of its own.
///
/// NB: One test, run in order: the first command builds the runner from cold (several minutes),
/// the others reuse it.
@Suite(.timeLimit(.minutes(40)))
struct PluginTests {
  @Test func aPackagesOwnFeatureReplaysWithOneCommand() async throws {
    let package = try Self.checkoutPackage()
    defer { try? FileManager.default.removeItem(at: package) }
    let trace = ToolRun.recordings.appendingPathComponent("checkout-continuous-clock.sqlite").path

    // The trace names TestGenerationFixtures.Checkout.State: found among the package's targets.
    let verify = try Self.swiftPackage(["tca-replay", "verify", trace], in: package)
    #expect(verify.status == 0, "\(verify.errors)")
    #expect(verify.output == "identical: 15 actions replayed (hermetic)\n")

    // A generic feature's trace names its state with the argument
    // (TestGenerationFixtures.Socket<Swift.String>.State): the runner replays that feature.
    let socketTrace = temporaryFolder("tca-replay-plugin-socket")
      .appendingPathComponent("socket.sqlite").path
    try await SocketSession.record(to: socketTrace)
    let socket = try Self.swiftPackage(["tca-replay", "verify", socketTrace], in: package)
    #expect(socket.status == 0, "\(socket.errors)")
    #expect(socket.output == "identical: 6 actions replayed (hermetic)\n")

    // A trace of a feature in a dependency (the demo, in tca-replay itself) is found there.
    let demo = try Self.swiftPackage(
      ["tca-replay", "verify", ToolRun.sampleTrace(version: 8).path], in: package)
    #expect(demo.status == 0, "\(demo.errors)")
    #expect(demo.output == "identical: 62 actions replayed (hermetic)\n")

    // The dependencies, given once in Swift, reach the test `test` writes as source.
    let written = package.appendingPathComponent("CheckoutTests.swift")
    let test = try Self.swiftPackage(
      ["tca-replay", "test", trace, "-o", written.path], in: package)
    #expect(test.status == 0, "\(test.errors)")
    let source = try String(contentsOf: written, encoding: .utf8)
    #expect(source.contains("@testable import TestGenerationFixtures"))
    #expect(source.contains("[Checkout.PaymentClient.self] = .liveValue"), "\(source)")
    #expect(!source.contains("import struct"), "\(source)")
    #expect(!source.contains("import //"), "\(source)")

    // A reading command needs no feature.
    let info = try Self.swiftPackage(["tca-replay", "info", trace], in: package)
    #expect(info.status == 0, "\(info.errors)")
    #expect(info.output.contains("state             TestGenerationFixtures.Checkout.State\n"))

    // Bad input: the runner's one line on standard error, and `swift package` fails.
    let missing = try Self.swiftPackage(["tca-replay", "verify", "no-such.sqlite"], in: package)
    #expect(missing.status == 1)
    #expect(missing.output == "")
    #expect(
      missing.errors == "error: tca-replay: no-such.sqlite: expected a tca-replay trace, found no file\n")
  }

  /// A new package in a temporary folder whose library `TestGenerationFixtures` holds the
  /// fixtures' sources, with a dependencies file for the checkout's payment client.
  static func checkoutPackage() throws -> URL {
    let package = temporaryFolder("tca-replay-plugin")
    let sources = package.appendingPathComponent("Sources/TestGenerationFixtures")
    try FileManager.default.createDirectory(
      at: sources.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ToolRun.packageRoot.appendingPathComponent("Tests/TestGenerationFixtures"), to: sources)
    // NB: A path dependency's identity is its folder's name, whatever the clone is called.
    let identity = ToolRun.packageRoot.lastPathComponent.lowercased()
    let manifest = """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "checkout-app",
        platforms: [.macOS(.v13), .iOS(.v16)],
        products: [.library(name: "TestGenerationFixtures", targets: ["TestGenerationFixtures"])],
        dependencies: [.package(path: "\(ToolRun.packageRoot.path)")],
        targets: [
          .target(
            name: "TestGenerationFixtures",
            dependencies: [
              .product(name: "ComposableRuntime", package: "\(identity)"),
              .product(name: "Recorder", package: "\(identity)"),
            ])
        ]
      )

      """
    try manifest.write(
      to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    // NB: Import declarations in the forms Swift allows, each naming its module once.
    let dependencies = """
      import ComposableRuntime
      import TestGenerationFixtures // the feature's module
      import struct TestGenerationFixtures.Checkout;

      func prepareDependencies(_ dependencies: inout DependencyValues) {
        dependencies[Checkout.PaymentClient.self] = .liveValue
      }

      """
    try dependencies.write(
      to: package.appendingPathComponent("TCAReplayDependencies.swift"), atomically: true,
      encoding: .utf8)
    return package
  }

  /// Runs `swift package ARGUMENTS` in `folder`, with SwiftPM's progress (fetching, resolving)
  /// and the plugin's build notes left out of standard error.
  static func swiftPackage(_ arguments: [String], in folder: URL) throws -> ToolRun {
    var run = try ToolRun(
      executable: URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package"] + arguments,
      in: folder)
    let progress = [
      "Fetching ", "Fetched ", "Computing ", "Computed ", "Creating ", "Working copy ",
      "[TCAReplayPlugin] building the runner",
    ]
    run.errors = run.errors.split(separator: "\n").map(String.init)
      .filter { line in !progress.contains { line.hasPrefix($0) } }
      .map { $0 + "\n" }.joined()
    return run
  }
}
