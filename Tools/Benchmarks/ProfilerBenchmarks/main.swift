import Foundation
import ProfileReports
import Profiler
import Trace

// The profiler's figures on a big trace (make one with
// `swift run tca-replay-demo --trace /tmp/big.sqlite --storm 1000000`):
//
//   swift run -c release profiler-benchmarks profile TRACE        profile: wall time, peak memory
//   swift run -c release profiler-benchmarks export TRACE OUT     Chrome trace export
//   swift run -c release profiler-benchmarks html TRACE OUT       HTML report: time and size
//   swift run profiler-benchmarks text TRACE                      the text report, to look at
//
// One job per process, so the peak resident memory (getrusage) is that job's.

func peakResidentMiB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
  let before = peakResidentMiB()
  let start = ContinuousClock.now
  let result = try body()
  let elapsed = ContinuousClock.now - start
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  print(
    "\(label): \(DurationText.fixed(seconds, digits: 2)) s, peak resident "
      + "\(DurationText.fixed(before, digits: 1)) → \(DurationText.fixed(peakResidentMiB(), digits: 1)) MiB"
  )
  return result
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(
    Data("usage: profiler-benchmarks profile|export|html|text TRACE [OUT]\n".utf8))
  exit(2)
}
do {
  let trace = try TraceReader(path: arguments[1])
  print("trace: \(arguments[1]), \(try trace.actionSummary().count) actions")
  switch arguments[0] {
  case "profile":
    let profile = try measure("profile") { try Profiler().profile(trace) }
    print("groups: \(profile.actions.count), findings: \(profile.advice.count)")
  case "text":
    print(TextReport(profile: try Profiler().profile(trace)).rendered(), terminator: "")
  case "export" where arguments.count == 3:
    let summary = try measure("export --chrome-trace") {
      try ChromeTraceExporter(trace: trace).export(to: arguments[2])
    }
    print("events: \(summary.events), bytes: \(summary.bytes)")
  case "html" where arguments.count == 3:
    let html = try measure("profile + html") {
      try HTMLReport(profile: Profiler().profile(trace)).rendered()
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
