import Foundation

/// One run of the built `tca-replay` binary: what it printed and how it exited.
///
/// ```swift
/// let run = try ToolRun(["info", "Recordings/demo-v1.sqlite"])
/// #expect(run.status == 0)
/// ```
public struct ToolRun {
  public var output: String
  public var errors: String
  public var status: Int32

  /// The package's root folder, where the tests run the tool so paths in its output are short.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Where the package's executables are built: beside the test bundle.
  public static var productsDirectory: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The built `tca-replay`, for tests that drive the process themselves (kill it, talk to it).
  public static var executable: URL {
    self.productsDirectory.appendingPathComponent("tca-replay")
  }

  /// The package's `Recordings/` folder: a sample trace of the demo session per schema version.
  public static var recordings: URL { self.packageRoot.appendingPathComponent("Recordings") }

  /// The sample trace of the demo session in `Recordings/` for schema `version`.
  public static func sampleTrace(version: Int) -> URL {
    self.recordings.appendingPathComponent("demo-v\(version).sqlite")
  }

  /// Runs `tca-replay` with `arguments` in the package root, with colours off by the environment
  /// (as in a pipe) and waits for it to exit.
  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    try self.init(
      executable: Self.executable, arguments, in: Self.packageRoot, environment: environment)
  }

  /// Runs `executable` with `arguments` in `folder` and waits for it to exit.
  public init(
    executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:]
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // NB: Read both pipes before waiting, so a large output cannot fill a pipe and stall the
    // tool.
    let errorData = ReadToEnd(errors.fileHandleForReading)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    self.output = String(decoding: outputData, as: UTF8.self)
    self.errors = String(decoding: errorData.wait(), as: UTF8.self)
    self.status = process.terminationStatus
  }
}

/// Reads a file handle to its end on a thread of its own.
public final class ReadToEnd: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  public init(_ handle: FileHandle) {
    Thread.detachNewThread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }
  }

  public func wait() -> Data {
    self.done.wait()
    return self.data
  }
}
