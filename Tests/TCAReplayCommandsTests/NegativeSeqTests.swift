import TestSupport
import Testing

/// A negative seq (`show TRACE -5`, `--from -5`) reaches the command, which answers with its
/// range error, instead of the argument parser taking `-5` for a flag and saying a seq is
/// missing. The parser's own answers about positional seqs stay as they were.
@Suite struct NegativeSeqTests {
  static let trace = "Recordings/demo-v1.sqlite"
  static let range =
    "tca-replay: expected a seq from 0 (the initial state) to 45 (the last action), found"

  @Test func positionalSeqs() throws {
    try expectRun(["show", Self.trace, "-5"], status: 2, output: "", errors: "\(Self.range) -5\n")
    try expectRun(["diff", Self.trace, "-1"], status: 2, output: "", errors: "\(Self.range) -1\n")
    try expectRun(
      ["diff", Self.trace, "3", "-1"], status: 2, output: "", errors: "\(Self.range) -1\n")
    try expectRun(
      ["diff", Self.trace, "-2", "3"], status: 2, output: "", errors: "\(Self.range) -2\n")
    try expectRun(
      ["scopes", Self.trace, "-36"], status: 2, output: "", errors: "\(Self.range) -36\n")
    // With the flags after or before it, and after `--` as before.
    try expectRun(
      ["show", Self.trace, "-5", "--json"], status: 2, output: "", errors: "\(Self.range) -5\n")
    try expectRun(
      ["show", "--json", Self.trace, "-5"], status: 2, output: "", errors: "\(Self.range) -5\n")
    try expectRun(
      ["diff", Self.trace, "--", "-1"], status: 2, output: "", errors: "\(Self.range) -1\n")
  }

  @Test func seqOptions() throws {
    try expectRun(
      ["effects", Self.trace, "--alive-at", "-1"], status: 2, output: "",
      errors: "\(Self.range) -1\n")
    try expectRun(
      ["open", Self.trace, "--at", "-5"], status: 2, output: "",
      errors: "tca-replay: expected --at to name an action from 1 to 45, found -5\n")
    try expectRun(
      ["log", Self.trace, "--from", "-5"], status: 2, output: "",
      errors: "tca-replay: expected a seq of 0 or more for --from, found -5\n")
    try expectRun(
      ["log", Self.trace, "--to", "-1"], status: 2, output: "",
      errors: "tca-replay: expected a seq of 0 or more for --to, found -1\n")
    try expectRun(
      ["replay", "Recordings/demo-v3.sqlite", "--from", "-5"], status: 2, output: "",
      errors: "tca-replay: Recordings/demo-v3.sqlite: no Codable keyframe at #-5; start from 0 "
        + "or a keyframe's seq (every 500 actions)\n")
  }

  @Test func negativeCountsMeetTheirChecks() throws {
    try expectRun(
      ["log", Self.trace, "--limit", "-5"], status: 2, output: "",
      errors: "tca-replay: --limit must be 0 or more, found -5\n")
    try expectRun(
      ["profile", Self.trace, "--top", "-1"], status: 2, output: "",
      errors: "tca-replay: --top expects a count of 1 or more; found -1\n")
    try expectRun(
      ["profile", Self.trace, "--depth", "-1"], status: 2, output: "",
      errors: "tca-replay: --depth expects 0 or more components; found -1\n")
    try expectRun(
      ["profile", Self.trace, "--budget", "-1"], status: 2, output: "",
      errors: "tca-replay: --budget expects milliseconds above 0; found -1.0\n")
  }

  @Test func theParsersAnswersAboutSeqsStay() throws {
    try expectRun(
      ["show", Self.trace], status: 2, output: "",
      errors: "tca-replay: Missing expected argument '<seq>'\n")
    try expectRun(
      ["diff", Self.trace], status: 2, output: "",
      errors: "tca-replay: Missing expected argument '<seq>'\n")
    try expectRun(
      ["show", Self.trace, "abc"], status: 2, output: "",
      errors: "tca-replay: The value 'abc' is invalid for '<seq>'\n")
    try expectRun(
      ["diff", Self.trace, "3", "x"], status: 2, output: "",
      errors: "tca-replay: The value 'x' is invalid for '<seq2>'\n")
    try expectRun(
      ["show", Self.trace, "5", "6"], status: 2, output: "",
      errors: "tca-replay: Unexpected argument '6'\n")
    try expectRun(
      ["diff", Self.trace, "1", "2", "3"], status: 2, output: "",
      errors: "tca-replay: Unexpected argument '3'\n")
    try expectRun(
      ["show", Self.trace, "5", "--bogus"], status: 2, output: "",
      errors: "tca-replay: Unknown option '--bogus'\n")
    try expectRun(
      ["scopes", Self.trace, "-x"], status: 2, output: "",
      errors: "tca-replay: Unknown option '-x'\n")
  }

  @Test func positiveSeqsWorkAsBefore() throws {
    let show = try ToolRun(["show", Self.trace, "12", "--path", "counter.count"])
    #expect(show.status == 0)
    #expect(show.output == "7\n")
    #expect(show.errors == "")
    let diff = try ToolRun(["diff", Self.trace, "3", "3"])
    #expect(diff.output == "(no state changes)\n")
    let scopes = try ToolRun(["scopes", Self.trace, "36", "--json"])
    #expect(scopes.status == 0)
    #expect(scopes.output.hasPrefix("{"))
  }

  @Test func helpShowsOneRequiredSeq() throws {
    let usages = [
      ("show", "tca-replay show <trace> <seq> [--path <path>] [--json] [--no-color]"),
      ("diff", "tca-replay diff <trace> <seq> [<seq2>] [--json] [--no-color]"),
      ("scopes", "tca-replay scopes <trace> <seq> [--json] [--no-color]"),
    ]
    for (command, usage) in usages {
      let run = try ToolRun([command, "--help"])
      #expect(run.status == 0)
      #expect(run.output.contains("USAGE: \(usage)\n"), "\(run.output)")
      // The written-out usage keeps step with the options the help lists.
      let options = run.output.components(separatedBy: "OPTIONS:").last ?? ""
      for line in options.split(separator: "\n") where line.hasPrefix("  --") {
        let flag = line.dropFirst(2).prefix { $0 != " " }
        #expect(usage.contains("[\(flag)"), "\(command)'s usage names \(flag)")
      }
    }
  }
}
