import Foundation

/// A markdown file as the link check sees it: the links it makes and the anchors its headings
/// give, both outside fenced code blocks.
///
/// ```swift
/// let file = try MarkdownFile(url: root.appendingPathComponent("README.md"))
/// file.links.first  // Link(line: 12, target: "docs/Runtime.md#writing-a-feature")
/// file.anchors      // ["tca-replay", "the-two-commands", …]
/// ```
struct MarkdownFile {
  /// One link: where it is written and what it points at, as written.
  struct Link: Equatable {
    var line: Int
    var target: String
  }

  let url: URL
  private(set) var links: [Link] = []
  private(set) var anchors: Set<String> = []

  init(url: URL) throws {
    try self.init(url: url, text: String(contentsOf: url, encoding: .utf8))
  }

  init(url: URL, text: String) {
    self.url = url
    var insideFence = false
    var headingCounts: [String: Int] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        insideFence.toggle()
        continue
      }
      if insideFence { continue }
      if let heading = Self.headingText(trimmed) {
        // NB: GitHub numbers a repeated heading's anchor: `usage`, `usage-1`, `usage-2`.
        let slug = Self.slug(heading)
        let count = headingCounts[slug, default: 0]
        headingCounts[slug] = count + 1
        self.anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
      }
      for target in Self.targets(in: String(line)) {
        self.links.append(Link(line: index + 1, target: target))
      }
    }
  }

  /// The text of an ATX heading (`## Text`), or `nil` for any other line.
  static func headingText(_ line: Substring) -> String? {
    let hashes = line.prefix(while: { $0 == "#" })
    guard (1...6).contains(hashes.count) else { return nil }
    let rest = line.dropFirst(hashes.count)
    guard rest.first == " " else { return nil }
    return rest.trimmingCharacters(in: .whitespaces)
  }

  /// The anchor GitHub gives a heading: lowercased, spaces as hyphens, and every character that
  /// is not a letter, a digit, a hyphen or an underscore dropped (`` `Scope` `` → `scope`,
  /// `TCA 1.x` → `tca-1x`).
  static func slug(_ heading: String) -> String {
    var slug = ""
    for character in heading.lowercased() {
      if character == " " {
        slug.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        slug.append(character)
      }
    }
    return slug
  }

  /// The targets of the inline links and images in one line (`[text](target)`,
  /// `[text](target "title")`) and of a reference definition (`[id]: target`), leaving out code
  /// spans.
  static func targets(in line: String) -> [String] {
    // NB: Most lines hold no link; Swift's regexes are slow enough on Linux to be worth skipping.
    guard line.contains("]") else { return [] }
    let prose = line.replacing(#/`[^`]*`/#, with: "")
    var targets = prose.matches(of: #/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/#).map {
      String($0.output.1)
    }
    if let definition = prose.firstMatch(of: #/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/#) {
      targets.append(String(definition.output.1))
    }
    return targets
  }
}
