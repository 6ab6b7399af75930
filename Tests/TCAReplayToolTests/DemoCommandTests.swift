import Foundation
import TestSupport
import Testing

/// `tca-replay demo` off a terminal, as the README's main command runs in a pipe: the session's
/// log, the profiler's summary and the commands to try, then exit 0 without opening the view.
@Suite struct DemoCommandTests {
  @Test func recordsTheSessionAndSaysWhereToGoNext() throws {
    let folder = temporaryFolder("tca-replay-demo")
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("demo-session.sqlite").path

    let run = try ToolRun(["demo", "--trace", trace])
    #expect(run.status == 0)
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains("Recorded to \(trace) (finished)."))
    let summary = try #require(lines.first { $0.hasPrefix("Profile: ") || $0.hasPrefix("Top findings") })
    // The scripted session taps increment ten times, more than any other action; a loaded
    // machine may push an action over a time budget, which makes it a finding instead.
    #expect(
      summary.hasPrefix(
        "Profile: nothing over the thresholds; most frequent counter.view.incrementButtonTapped "
          + "(10×), most reducer time ") || summary.hasPrefix("Top findings"), "\(summary)")
    let tryNext = try #require(lines.firstIndex(of: "Try next:"))
    #expect(lines.firstIndex(of: summary)! < tryNext)
    // Every suggested command runs on the trace just recorded.
    let suggestions = lines[(tryNext + 1)...].filter { $0.hasPrefix("  tca-replay ") }
    #expect(suggestions.count == 12)
    for suggestion in suggestions where !suggestion.contains(" open ") {
      let arguments = Self.arguments(of: suggestion, in: folder.path)
      let result = try ToolRun(arguments)
      #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.errors)")
    }
  }

  /// The arguments of a suggested command, without its trailing description; written files go to
  /// `folder`.
  static func arguments(of suggestion: String, in folder: String) -> [String] {
    let command = suggestion.dropFirst(2).components(separatedBy: "   ").first!
    var arguments: [String] = []
    var quoted: String?
    for word in command.split(separator: " ").dropFirst().map(String.init) {
      if var open = quoted {
        open += " " + word
        if word.hasSuffix("'") { arguments.append(String(open.dropFirst().dropLast())); quoted = nil }
        else { quoted = open }
      } else if word.hasPrefix("'") {
        if word.hasSuffix("'") && word.count > 1 { arguments.append(String(word.dropFirst().dropLast())) }
        else { quoted = word }
      } else {
        arguments.append(word.hasSuffix(".html") || word.hasSuffix(".json") ? "\(folder)/\(word)" : word)
      }
    }
    return arguments
  }

  @Test func metadataGoesIntoTheHeaderAndInfoShowsIt() throws {
    let folder = temporaryFolder("tca-replay-demo-metadata")
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("storm.sqlite").path
    let run = try ToolRun([
      "demo", "--trace", trace, "--storm", "10", "--metadata", "appVersion=2.3",
      "--metadata", "device=ci=linux",
    ])
    #expect(run.status == 0, "\(run.errors)")
    let info = try ToolRun(["info", trace])
    #expect(info.status == 0)
    #expect(
      info.output.contains("\nmetadata          appVersion=2.3, device=ci=linux\n"),
      "\(info.output)")
    let json = try ToolRun(["info", trace, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["metadata"] as? [String: String] == ["appVersion": "2.3", "device": "ci=linux"])

    for bad in ["=2.3", "appVersion"] {
      let refused = try ToolRun(["demo", "--trace", trace, "--storm", "1", "--metadata", bad])
      #expect(refused.status == 2)
      #expect(
        refused.errors
          == "tca-replay: --metadata expects KEY=VALUE, e.g. appVersion=2.3; found '\(bad)'\n")
    }
  }

  @Test func rejectsAWrongFlagInOneLine() throws {
    let run = try ToolRun(["demo", "--bogus"])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == "tca-replay: Unknown option '--bogus'\n")
  }
}
