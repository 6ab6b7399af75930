import Foundation
import Profiler

extension TCAReplay.Profile {
  /// Whether `path` is a folder (of traces).
  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The trace files the arguments name: each file as given, each folder's `.sqlite` files
  /// (not those of its subfolders) in the order of their names.
  func tracePaths() throws -> [String] {
    try self.traces.flatMap { argument -> [String] in
      guard Self.isFolder(argument) else { return [argument] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
      let traces = names.filter { $0.hasSuffix(".sqlite") }.sorted()
      guard !traces.isEmpty else {
        throw CommandError("\(argument): expected a folder with .sqlite traces, found none")
      }
      let folder = argument.hasSuffix("/") ? argument : argument + "/"
      return traces.map { folder + $0 }.filter { !Self.isFolder($0) }
    }
  }

  /// What a profile over `count` traces is called: the folder when one was given, else how
  /// many traces.
  func label(count: Int) -> String {
    self.traces.count == 1 ? self.traces[0] : "\(count) traces"
  }

  /// Nothing when every trace could be read; with `--strict`, or when none could, the first
  /// unreadable one as a one-line error.
  func checkReadable(_ skipped: [SkippedTrace], of count: Int) throws {
    guard let first = skipped.first else { return }
    let others = skipped.count == 1 ? "" : " (and \(skipped.count - 1) more)"
    if skipped.count == count {
      throw CommandError(
        "expected a readable trace among \(count), found none: \(first.path): "
          + "\(first.reason)\(others)")
    }
    if self.strict {
      throw CommandError(
        "\(first.path): \(first.reason)\(others); --strict expects every trace to be readable")
    }
  }
}
