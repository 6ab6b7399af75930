import Foundation
import Testing

/// Every relative link in the README and in `docs/` leads to a file of the repository, and to a
/// heading of it where the link names one, so the documentation can be walked in any clone.
@Suite struct DocumentationLinksTests {
  /// The package's root: this file is `Tests/DocumentationTests/DocumentationLinksTests.swift`.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .standardizedFileURL

  /// README.md and every markdown file under `docs/`.
  static func documentation() throws -> [MarkdownFile] {
    let docs = root.appendingPathComponent("docs")
    let names = try FileManager.default.subpathsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }
      .sorted()
    let urls = [root.appendingPathComponent("README.md")]
      + names.map { docs.appendingPathComponent($0) }
    return try urls.map { try MarkdownFile(url: $0) }
  }

  @Test func everyRelativeLinkResolvesInsideTheRepository() throws {
    let files = try Self.documentation()
    var checked = 0
    for file in files {
      for link in file.links {
        checked += 1
        if let problem = Self.problem(with: link.target, in: file) {
          let place = file.url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
          Issue.record("\(place):\(link.line): \(link.target): \(problem)")
        }
      }
    }
    // A parser that finds nothing would pass every file; the README alone links into docs/.
    #expect(checked >= files.count)
  }

  @Test func theReadmeStaysShort() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 250, "README.md has \(lines) lines; what does not fit belongs in docs/")
  }

  @Test(arguments: [
    ("Side by side with TCA 1.x", "side-by-side-with-tca-1x"),
    ("A faster spelling of `Scope`", "a-faster-spelling-of-scope"),
    ("What differs, and what is missing", "what-differs-and-what-is-missing"),
    ("`denied_inputs`, version 3", "denied_inputs-version-3"),
  ])
  func anchorsFollowGitHubsRules(heading: String, anchor: String) {
    #expect(MarkdownFile.slug(heading) == anchor)
  }

  @Test func linksInCodeAreNotLinks() {
    let file = MarkdownFile(
      url: Self.root.appendingPathComponent("example.md"),
      text: """
        # Usage
        See [the format](../Recordings/README.md) and `[not](a-link.md)`.
        ```swift
        # not a heading
        let x = a[0](b)
        ```
        [ref]: docs/Replay.md
        # Usage
        """)
    #expect(
      file.links == [
        .init(line: 2, target: "../Recordings/README.md"), .init(line: 7, target: "docs/Replay.md"),
      ])
    #expect(file.anchors == ["usage", "usage-1"])
  }

  /// What is wrong with one link target written in `file`, or `nil` when it resolves.
  static func problem(with target: String, in file: MarkdownFile) -> String? {
    if target.hasPrefix("https://") { return nil }
    if target.contains(":") && !target.hasPrefix("#") {
      return "only https:// links may leave the repository"
    }
    if target.hasPrefix("/") { return "an absolute path; link relative to the file" }
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    let anchor = parts.count > 1 ? String(parts[1]) : nil
    let destination =
      path.isEmpty
      ? file.url
      : file.url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    guard destination.path == root.path || destination.path.hasPrefix(root.path + "/") else {
      return "leaves the repository"
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory)
    else { return "no such file in the repository" }
    guard let anchor else { return nil }
    guard !isDirectory.boolValue, destination.pathExtension == "md" else {
      return "an anchor into a file that is not markdown"
    }
    guard let anchors = try? MarkdownFile(url: destination).anchors else {
      return "cannot read the file to find its headings"
    }
    return anchors.contains(anchor) ? nil : "no heading gives the anchor #\(anchor)"
  }
}
