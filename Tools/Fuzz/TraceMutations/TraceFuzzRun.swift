import Foundation
import TestSupport

/// Runs the commands over mutated copies of a trace and reports each result that broke the
/// rules: an exit status other than 0 or 2, or an error that is not exactly one line.
///
/// A crash ends the process, so whoever runs this sees it at once, with the seed printed before
/// each copy when `verbose`.
public struct TraceFuzzRun: Sendable {
  /// The argument lists to run on each copy; `TRACE` stands for the copy's path, and `OUT` at the
  /// start of an argument for the copy's path as the start of an output file's.
  public static let commands: [[String]] = [
    ["info", "TRACE"], ["info", "TRACE", "--json"], ["log", "TRACE"],
    ["log", "TRACE", "--json", "--changed-only"], ["log", "TRACE", "--name", "todos.*"],
    ["log", "TRACE", "--sites"],
    ["show", "TRACE", "0"], ["show", "TRACE", "20"], ["show", "TRACE", "45", "--path", "counter"],
    ["diff", "TRACE", "36"], ["diff", "TRACE", "0", "45", "--json"],
    ["changes", "TRACE", "counter.count"],
    ["changes", "TRACE", "items.destination.editor.draft.name"],
    ["find", "TRACE", "counter.count > 3 && items.destination exists", "--all"],
    ["why", "TRACE", "counter.count"], ["why", "TRACE", "items.path", "--all", "--json"],
    ["why", "TRACE", "counter.count", "--at", "6", "--depth", "2", "--json"],
    ["effects", "TRACE"], ["effects", "TRACE", "--alive-at", "5", "--json"],
    ["effects", "TRACE", "--outcome", "running"], ["scopes", "TRACE", "36"],
    ["profile", "TRACE"], ["profile", "TRACE", "--json", "--depth", "2"],
    ["profile", "TRACE", "--html", "OUT.html", "--top", "3"],
    ["profile", "TRACE", "--baseline", "TRACE", "--json"],
    ["export", "TRACE", "--chrome-trace", "OUT.json"],
  ]

  /// One broken rule.
  public struct Failure: CustomStringConvertible, Sendable {
    public var seed: UInt64
    public var mutation: String
    public var arguments: [String]
    public var status: Int32
    public var errors: [String]

    public var description: String {
      "seed \(seed) (\(mutation)) \(arguments.joined(separator: " ")): status \(status), "
        + "errors \(errors)"
    }
  }

  public let original: Data
  public let folder: URL

  /// Fuzzes copies of the trace at `path`, written into a fresh temporary folder.
  public init(tracePath path: String) throws {
    self.original = try Data(contentsOf: URL(fileURLWithPath: path))
    self.folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tca-replay-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
  }

  /// Mutates one copy with `seed`, runs `commandsPerCopy` of the commands on it (chosen by the
  /// seed) through `run`, and returns the broken rules. `run` takes arguments and an error sink
  /// and returns the exit status.
  public func fuzz(
    isolation: isolated (any Actor)? = #isolation, seed: UInt64, commandsPerCopy: Int,
    run: ([String], (String) -> Void) async -> Int32
  ) async throws -> (mutation: String, failures: [Failure]) {
    var generator = SplitMix64(seed: seed)
    let path = self.folder.appendingPathComponent("copy-\(seed).sqlite").path
    try self.original.write(to: URL(fileURLWithPath: path))
    defer {
      for suffix in ["", "-wal", "-shm", "-journal", ".html", ".json"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    let mutation = TraceMutation.random(size: self.original.count, using: &generator)
    var applied = mutation.description
    do {
      try mutation.apply(to: path)
    } catch {
      applied += " (not applied: \(error))"
    }
    var failures: [Failure] = []
    let chosen = (0..<commandsPerCopy).map { _ in
      Self.commands.randomElement(using: &generator)!
    }
    for command in chosen {
      let arguments = command.map {
        $0 == "TRACE" ? path : $0.hasPrefix("OUT") ? path + $0.dropFirst(3) : $0
      }
      var errors: [String] = []
      let status = await run(arguments) { errors.append($0) }
      let oneLine = errors.count == 1 && !errors[0].contains("\n")
      if !(status == 0 && errors.isEmpty) && !(status == 2 && oneLine) {
        failures.append(
          Failure(
            seed: seed, mutation: applied, arguments: command, status: status,
            errors: errors))
      }
    }
    return (applied, failures)
  }

  /// Removes the temporary folder.
  public func cleanUp() {
    try? FileManager.default.removeItem(at: self.folder)
  }
}
