import Foundation
import TestSupport
import Testing
import Trace

/// Runs the built tool on the demo's v1 sample trace and compares each command's whole output
/// with the expected file beside these tests.
@Suite struct CommandOutputTests {
  static let trace = "Recordings/demo-v1.sqlite"

  @Test(
    arguments: [
      ("info", ["info", trace]),
      ("log", ["log", trace]),
      ("log-todos-changed", ["log", trace, "--name", "todos.*", "--changed-only"]),
      ("log-window", ["log", trace, "--from", "20", "--limit", "5", "--origin", "send"]),
      ("show-initial", ["show", trace, "0"]),
      ("show-counter", ["show", trace, "12", "--path", "counter"]),
      ("diff-36", ["diff", trace, "36"]),
      ("diff-range", ["diff", trace, "0", "45"]),
      ("diff-none", ["diff", trace, "3", "3"]),
      ("changes-count", ["changes", trace, "counter.count"]),
      ("changes-editor-name", ["changes", trace, "items.destination.editor.draft.name"]),
      ("effects", ["effects", trace]),
      ("effects-cancelled", ["effects", trace, "--outcome", "cancelled"]),
      ("effects-alive", ["effects", trace, "--alive-at", "5"]),
      ("scopes-36", ["scopes", trace, "36"]),
    ])
  func printsTheExpectedText(name: String, arguments: [String]) throws {
    let run = try ToolRun(arguments)
    #expect(run.status == 0)
    #expect(run.errors == "")
    try expectOutput(run.output, matches: name)
  }

  @Test func colorsOnlyWhenAllowed() throws {
    // Standard output is a pipe here, so no escape sequences, whatever the flags.
    let run = try ToolRun(["log", Self.trace, "--limit", "3"])
    #expect(!run.output.contains("\u{1B}["))
  }

  @Test func logJSONHasTheDocumentedKeys() throws {
    let run = try ToolRun(["log", Self.trace, "--json"])
    #expect(run.status == 0)
    let actions = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(actions.count == 45)
    for key in [
      "seq", "name", "origin", "effectID", "payload", "startNs", "durationNs", "stateChanged",
    ] {
      #expect(actions.allSatisfy { $0[key] != nil }, "every action has \(key)")
    }
    #expect(actions[8]["origin"] as? String == "effect")
    #expect(actions[8]["effectID"] as? Int == 2)
    #expect(actions[8]["payload"] as? String == "5 is an odd number.")
    #expect(actions[0]["effectID"] is NSNull)
  }

  @Test func infoJSONHasTheDocumentedKeys() throws {
    let run = try ToolRun(["info", Self.trace, "--json"])
    let info = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(info["schemaVersion"] as? Int == 1)
    #expect(info["actions"] as? Int == 45)
    #expect(info["effects"] as? Int == 17)
    #expect(info["finishedCleanly"] as? Bool == true)
    #expect(info["notCaptured"] as? [String: Any] != nil)
  }

  @Test func showJSONIsTheStateTheReaderRebuilds() throws {
    let run = try ToolRun(["show", Self.trace, "30", "--json"])
    let reader = try TraceReader(path: ToolRun.packageRoot.appendingPathComponent(Self.trace).path)
    #expect(try TraceValue(jsonText: run.output) == reader.state(at: 30))
  }

  @Test func diffJSONListsOperations() throws {
    let run = try ToolRun(["diff", Self.trace, "0", "45", "--json"])
    let operations = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(!operations.isEmpty)
    for operation in operations {
      let op = try #require(operation["op"] as? String)
      #expect(operation["path"] is String)
      switch op {
      case "replace": #expect(operation["old"] != nil && operation["new"] != nil)
      case "insert": #expect(operation["new"] != nil && operation["old"] == nil)
      case "remove": #expect(operation["old"] != nil && operation["new"] == nil)
      default: Issue.record("unexpected op \(op)")
      }
    }
  }

  @Test func effectsJSONSaysHowEachEnded() throws {
    let run = try ToolRun(["effects", Self.trace, "--json"])
    let effects = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(effects.count == 17)
    for key in ["id", "actionSeq", "kind", "outcome", "reason"] {
      #expect(effects.allSatisfy { $0[key] != nil }, "every effect has \(key)")
    }
    #expect(effects[0]["outcome"] as? String == "cancelled")
    #expect(effects[0]["reason"] as? String == "cancel(id: timer)")
  }
}
