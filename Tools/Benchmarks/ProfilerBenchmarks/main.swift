import BenchmarkSupport
import Foundation
import ProfileReports
import Profiler
import Trace

// The profiler's figures on a big trace (make one with
// `swift run tca-replay demo --trace /tmp/big.sqlite --storm 1000000`):
//
//   swift run -c release profiler-benchmarks profile TRACE        profile: wall time, peak memory
//   swift run -c release profiler-benchmarks export TRACE OUT     Chrome trace export
//   swift run -c release profiler-benchmarks otlp TRACE OUT       OTLP/JSON export
//   swift run -c release profiler-benchmarks html TRACE OUT       HTML report: time and size
//   swift run profiler-benchmarks text TRACE                      the text report, to look at
//   swift run -c release profiler-benchmarks generate DIR COUNT ACTIONS   COUNT traces in DIR
//   swift run -c release profiler-benchmarks many DIR             one profile over DIR's traces,
//                                                                 beside each profiled alone
//
// One job per process, so the peak resident memory (getrusage) is that job's.

func peakResidentMiB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

/// CPU time of the process so far (user + system), in seconds: on a machine shared with other
/// work it shows what the job itself cost, beside the wall time.
func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
  let before = peakResidentMiB()
  let cpu = cpuSeconds()
  let start = ContinuousClock.now
  let result = try body()
  let elapsed = ContinuousClock.now - start
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  print(
    "\(label): \(DurationText.fixed(seconds, digits: 2)) s wall, "
      + "\(DurationText.fixed(cpuSeconds() - cpu, digits: 2)) s CPU, peak resident "
      + "\(DurationText.fixed(before, digits: 1)) → \(DurationText.fixed(peakResidentMiB(), digits: 1)) MiB"
  )
  return result
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(
    Data(
      ("usage: profiler-benchmarks profile|export|otlp|html|text TRACE [OUT]"
        + " | generate DIR N ACTIONS | many DIR\n").utf8))
  exit(2)
}
do {
  switch arguments[0] {
  case "generate" where arguments.count == 4:
    guard let count = Int(arguments[2]), let actions = Int(arguments[3]), count > 0, actions > 0
    else {
      FileHandle.standardError.write(Data("error: expected COUNT and ACTIONS above 0\n".utf8))
      exit(2)
    }
    try measure("generate") {
      try TraceSetGenerator(count: count, actions: actions).write(into: arguments[1])
    }
    exit(0)
  case "many":
    try await profileMany(folder: arguments[1])
    exit(0)
  default: break
  }
  let trace = try TraceReader(path: arguments[1])
  print("trace: \(arguments[1]), \(try trace.actionSummary().count) actions")
  switch arguments[0] {
  case "profile":
    let profile = try measure("profile") { try TraceProfiler().profile(trace) }
    print("groups: \(profile.actions.count), findings: \(profile.advice.count)")
  case "queries":
    // Where the profile's time goes, query by query.
    _ = try measure("actionTotals") { try trace.actionTotals() }
    let ranking = try measure("actionProfiles") {
      try trace.actionProfiles(histogramEdges: TraceProfiler.histogramEdges)
    }
    _ = try measure("busiestSecond") { try trace.busiestSecond(of: ranking.actions[0].name) }
    _ = try measure("actions(over:)") { try trace.actions(over: .milliseconds(16)) }
    _ = try measure("scopeProfiles") { try trace.scopeProfiles(rootReducerTime: .seconds(1)) }
    _ = try measure("effectGroups") { try trace.effectGroups() }
    _ = try measure("runningEffects") { try trace.runningEffects() }
    _ = try measure("effectFanOut") { try trace.effectFanOut() }
    _ = try measure("stateChangingSends") { try trace.stateChangingSends() }
    _ = try measure("idleActions") { try trace.idleActions() }
    let overlapping = try measure("overlappingEffects") { try trace.overlappingEffects() }
    print("overlapping groups: \(overlapping.count)")
    _ = try measure("advice") {
      try Advisor(options: ProfileOptions()).findings(
        in: trace, actions: ranking.actions, running: trace.runningEffects().first)
    }
    _ = try measure("stateSizes") { try trace.stateSizes() }
    _ = try measure("mostChangedPaths") { try trace.mostChangedPaths() }
    _ = try measure("actionRate") { try trace.actionRate(bucket: .seconds(1)) }
  case "text":
    print(TextReport(profile: try TraceProfiler().profile(trace)).rendered(), terminator: "")
  case "export" where arguments.count == 3:
    let summary = try measure("export --chrome-trace") {
      try ChromeTraceExporter(trace: trace).export(to: arguments[2])
    }
    print("events: \(summary.events), bytes: \(summary.bytes)")
  case "otlp" where arguments.count == 3:
    let summary = try measure("export --otlp") {
      try OTLPExporter(trace: trace).export(to: arguments[2])
    }
    print("spans: \(summary.spans), bytes: \(summary.bytes), \(MachineLoad.current.label)")
  case "html" where arguments.count == 3:
    let html = try measure("profile + html") {
      try HTMLReport(profile: TraceProfiler().profile(trace)).rendered()
    }
    try html.write(toFile: arguments[2], atomically: true, encoding: .utf8)
    print("html bytes: \(html.utf8.count)")
  default:
    FileHandle.standardError.write(Data("error: unknown job '\(arguments[0])'\n".utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
}
