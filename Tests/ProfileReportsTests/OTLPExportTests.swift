import Foundation
import GRDB
import TestSupport
import Testing
import Trace
import TraceTestSupport

/// `tca-replay export TRACE --otlp FILE`, its output read back by the OpenTelemetry project's own
/// protobuf definitions.
@Suite struct OTLPExportTests {
  static let trace = ToolRun.sampleTrace(version: 3).path

  /// Parses the file strictly (an unknown field or a wrong type fails) into
  /// `ExportTraceServiceRequest` and prints what the test checks against the trace, as JSON.
  static let validator = """
    import json, sys
    from google.protobuf import json_format
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
    request = json_format.Parse(
        open(sys.argv[1]).read(), trace_service_pb2.ExportTraceServiceRequest())
    spans = [s for r in request.resource_spans for ss in r.scope_spans for s in ss.spans]
    by_id = {s.span_id: s for s in spans}
    def attrs(s):
        return {a.key: json_format.MessageToDict(a.value) for a in s.attributes}
    def role(s):
        a = attrs(s) if s is not None else {}
        if "tca.action.origin" in a: return "action:" + a["tca.action.origin"]["stringValue"]
        if "tca.effect.kind" in a: return "effect"
        if "tca.scope.path" in a: return "scope"
        return "none" if s is None else "other"
    pairs = {}
    for s in spans:
        parent = by_id.get(s.parent_span_id) if s.parent_span_id else None
        if s.parent_span_id and parent is None: pairs["dangling"] = pairs.get("dangling", 0) + 1
        key = role(s) + " <- " + role(parent)
        pairs[key] = pairs.get(key, 0) + 1
    outcomes = {}
    for s in spans:
        a = attrs(s)
        if "tca.effect.kind" in a:
            o = a.get("tca.effect.outcome", {}).get("stringValue", "running")
            r = a.get("tca.effect.cancellation_reason", {}).get("stringValue")
            k = o + ("/" + r if r else "")
            outcomes[k] = outcomes.get(k, 0) + 1
    resource = {a.key: json_format.MessageToDict(a.value)
                for a in request.resource_spans[0].resource.attributes}
    print(json.dumps({
        "resources": len(request.resource_spans),
        "spans": len(spans),
        "uniqueSpanIDs": len(by_id),
        "traceIDs": sorted({s.trace_id.hex() for s in spans}),
        "links": sum(len(s.links) for s in spans),
        "parents": pairs,
        "outcomes": outcomes,
        "serviceName": resource["service.name"]["stringValue"],
        "resource": {k: v.get("stringValue") for k, v in resource.items()},
        "changedPaths": sum(int(attrs(s).get("tca.action.changed_paths", {}).get("intValue", 0))
                            for s in spans),
        "actionsWithoutCount": sum(1 for s in spans if "tca.action.origin" in attrs(s)
                                   and "tca.action.changed_paths" not in attrs(s)),
        "backwards": sum(1 for s in spans if s.end_time_unix_nano < s.start_time_unix_nano),
    }))
    """

  /// Runs `python3` with `arguments`; its standard output, or `nil` with the reason recorded.
  static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func theExportParsesAsAnExportTraceServiceRequestWithTheTracesSpans() throws {
    let available = try Self.python(["-c", "import opentelemetry.proto"])
    try #require(
      available.status == 0,
      """
      The OTLP export is checked with the opentelemetry-proto Python package, which is not \
      installed: run `pip install opentelemetry-proto`. (\(available.output))
      """)
    let file = temporaryPath("demo-v3.otlp.json")
    let run = try ToolRun(["export", Self.trace, "--otlp", file])
    #expect(run.status == 0)
    #expect(run.errors == "")
    let parsed = try Self.python(["-c", Self.validator, file])
    try #require(parsed.status == 0, "\(parsed.output)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Any])

    let reader = try TraceReader(path: Self.trace)
    var sent = 0
    var fromEffects = 0
    var scopes = 0
    try reader.forEachActionSlice { action in
      if action.effectID == nil { sent += 1 } else { fromEffects += 1 }
      scopes += action.scopes.count
    }
    var outcomes: [String: Int] = [:]
    var effects = 0
    try reader.forEachEffect(matching: EffectFilter()) { effect, _ in
      effects += 1
      let key =
        (effect.end.map { $0.outcome.spelling.rawValue } ?? "running")
        + (effect.end?.reason.map { "/" + $0.spelling.rawValue } ?? "")
      outcomes[key, default: 0] += 1
    }
    #expect(sent > 0 && fromEffects > 0 && scopes > 0 && effects > 0)
    #expect(report["resources"] as? Int == 1)
    #expect(report["spans"] as? Int == sent + fromEffects + scopes + effects)
    #expect(report["uniqueSpanIDs"] as? Int == report["spans"] as? Int)
    #expect((report["traceIDs"] as? [String])?.count == 1)
    #expect(report["links"] as? Int == 0)
    #expect(report["backwards"] as? Int == 0)
    #expect(report["serviceName"] as? String == "DemoApp")
    #expect(report["outcomes"] as? [String: Int] == outcomes)
    // Every action span counts the paths its action changed, as the trace's index lists them.
    var readOnly = Configuration()
    readOnly.readonly = true
    let changed = try DatabaseQueue(path: Self.trace, configuration: readOnly).read {
      try Int.fetchOne($0, sql: "SELECT count(*) FROM changed_paths")
    }
    #expect((changed ?? 0) > 0)
    #expect(report["changedPaths"] as? Int == changed)
    #expect(report["actionsWithoutCount"] as? Int == 0)
    // Every span hangs where the live ones do: sent actions at the root, effects under the
    // action that started them, the actions they sent under them, scopes under an action or
    // the scope around them; nothing points at a span that is not there.
    let parents = try #require(report["parents"] as? [String: Int])
    #expect(parents["action:send <- none"] == sent)
    #expect(parents["action:effect <- effect"] == fromEffects)
    #expect(
      parents["effect <- action:send", default: 0] + parents["effect <- action:effect", default: 0]
        == effects)
    let scopeParents = parents.filter { $0.key.hasPrefix("scope <- ") }
    #expect(scopeParents.values.reduce(0, +) == scopes)
    #expect(
      Set(scopeParents.keys).isSubset(of: [
        "scope <- action:send", "scope <- action:effect", "scope <- scope",
      ]))
    #expect(parents["dangling"] == nil)
    #expect(parents.keys.allSatisfy { !$0.contains("other") })
  }

  /// The OTLP file a test writes and what the validator read from it.
  static func validated(_ file: String) throws -> [String: Any] {
    let parsed = try Self.python(["-c", Self.validator, file])
    try #require(parsed.status == 0, "\(parsed.output)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Any])
  }

  @Test func theRecordingsMetadataGoesIntoTheResourceAndTheChromeTrace() throws {
    var fixture = SessionFixture()
    fixture.action("app.view.tap", at: 1_000, duration: 1_000)
    let trace = temporaryTracePath()
    _ = try fixture.write(
      to: trace, end: 10_000, metadata: ["appVersion": "2.3", "device": "iPhone \"15\""])
    let file = temporaryPath("metadata.otlp.json")
    #expect(try ToolRun(["export", trace, "--otlp", file]).status == 0)
    let resource = try Self.validated(file)["resource"] as? [String: String]
    #expect(resource?["tca.metadata.appVersion"] == "2.3")
    #expect(resource?["tca.metadata.device"] == "iPhone \"15\"")

    let chrome = temporaryPath("metadata.chrome.json")
    #expect(try ToolRun(["export", trace, "--chrome-trace", chrome]).status == 0)
    let validator = try ChromeTraceValidator(path: chrome)
    #expect(validator.problems == [])
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: chrome)))
    #expect(
      (object as? [String: Any])?["otherData"] as? [String: String]
        == ["appVersion": "2.3", "device": "iPhone \"15\""])
  }

  @Test func exportingTwiceGivesTheSameIDs() throws {
    let first = temporaryPath("first.otlp.json")
    let second = temporaryPath("second.otlp.json")
    #expect(try ToolRun(["export", Self.trace, "--otlp", first]).status == 0)
    #expect(try ToolRun(["export", Self.trace, "--otlp", second]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes.count > 0)
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
  }
}
