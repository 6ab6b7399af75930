import Foundation
import PackagePlugin

/// `swift package tca-replay COMMAND TRACE …`: any `tca-replay` command on a trace of this
/// package's own feature, with no executable written by hand.
///
/// It reads the trace's root state type from its header (`MyApp.CheckoutFeature.State`), finds
/// the target that declares it and the library product that exports it, and builds a runner in
/// the plugin's work directory: the standard commands with `replay`, `verify`, `chaos` and
/// `test` registered for that feature, and the package's `TCAReplayDependencies.swift`
/// compiled in when there is one. Then it runs the command there. `--reducer TYPE` (before the
/// command) names the reducer when the state is not a reducer's nested `State`.
@main
struct TCAReplayPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // NB: SwiftPM shows what a plugin writes to standard error on its standard output; only
    // diagnostics reach its standard error (and make it exit 1).
    do {
      try self.run(context, arguments)
    } catch let failure as PluginFailure {
      Diagnostics.error(failure.message)
    }
  }

  private func run(_ context: PluginContext, _ arguments: [String]) throws {
    var arguments = arguments
    var reducer: String?
    if let flag = arguments.firstIndex(of: "--reducer") {
      guard flag + 1 < arguments.count else {
        throw PluginFailure("expected a type after --reducer; found nothing")
      }
      reducer = arguments[flag + 1]
      arguments.removeSubrange(flag...(flag + 1))
    }
    let runner = try RunnerPackage(
      directory: context.pluginWorkDirectoryURL.appendingPathComponent("runner"),
      root: context.package)
    let dependencies = try DependenciesFile(in: context.package.directoryURL)
    let featureCommands: Set<String> = ["replay", "verify", "chaos", "test"]
    guard let command = arguments.first, featureCommands.contains(command),
      let trace = Self.trace(in: arguments.dropFirst())
    else {
      // Any other command reads the trace alone: the standard commands need no feature.
      try Self.buildStandardCommands(runner)
      return try Self.launch(runner, arguments)
    }
    let stateType = try Self.stateType(of: trace, with: runner)
    let feature = try FeatureLocation(stateType: stateType, reducer: reducer, in: context.package)
    try runner.write(feature: feature, dependencies: dependencies)
    try Self.build(runner, for: "\(feature.module).\(feature.reducer)")
    return try Self.launch(runner, arguments)
  }

  /// The first argument that is not an option: the trace.
  private static func trace(in arguments: ArraySlice<String>) -> String? {
    arguments.first { !$0.hasPrefix("-") }
  }

  /// The trace's root state type, from `info --json` of a runner with the standard commands
  /// alone (or the last feature's: `info` is the same in each).
  private static func stateType(of trace: String, with runner: RunnerPackage) throws -> String {
    if !FileManager.default.fileExists(atPath: runner.binary.path) {
      try Self.buildStandardCommands(runner)
    }
    let (status, output, errors) = try Self.capture(runner.binary, ["info", "--json", trace])
    guard status == 0 else {
      // `info` said what is wrong with the trace, in one line: pass it on.
      throw PluginFailure(errors.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard
      let json = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
      let stateType = json["stateType"] as? String
    else {
      throw PluginFailure("expected `info --json` to give the trace's stateType; found none")
    }
    return stateType
  }

  /// Builds the runner with the standard commands alone, which need no feature.
  private static func buildStandardCommands(_ runner: RunnerPackage) throws {
    try runner.write(feature: nil, dependencies: nil)
    try Self.build(runner, for: "the standard commands")
  }

  /// Builds the runner, quietly; its build log is shown only when it fails.
  private static func build(_ runner: RunnerPackage, for feature: String) throws {
    Diagnostics.progress("building the runner for \(feature)…")
    let (status, output, errors) = try Self.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--package-path", runner.directory.path, "--product", RunnerPackage.executable])
    guard status == 0 else {
      FileHandle.standardError.write(Data((output + errors).utf8))
      throw PluginFailure("expected the runner to build; it did not (its build log is above)")
    }
  }

  /// Runs the runner with `arguments`, its output the user's. When it fails, what it said on
  /// standard error becomes the plugin's error (SwiftPM's standard error and exit status 1).
  private static func launch(_ runner: RunnerPackage, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = runner.binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TCA_REPLAY_COMMAND"] = "swift package tca-replay"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let status = process.terminationStatus
    guard status != 0 else {
      FileHandle.standardError.write(said)
      return
    }
    let lines = String(decoding: said, as: UTF8.self).split(separator: "\n")
    guard !lines.isEmpty else {
      throw PluginFailure("\(arguments.first ?? "tca-replay") ended with status \(status)")
    }
    for line in lines { Diagnostics.error(String(line)) }
  }

  private static func capture(_ executable: URL, _ arguments: [String]) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // NB: The build log can be long: read standard error on a thread of its own so neither pipe
    // fills while the other is read.
    nonisolated(unsafe) var errorData = Data()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
      done.signal()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }
}
