import BenchmarkSupport
import Foundation

// Times the built `tca-replay` commands on a large trace, as a person runs them: each command is
// the release binary started afresh by posix_spawn, its output written to /dev/null, wall time from
// start to exit. Prints the median and the slowest of the runs beside the goal, and the machine's
// load when the command's runs ended. The seqs it asks for are drawn from the trace's own range;
// a trace that lost events (recorded with `whenFull: .dropAndCount`) is refused in one line.
//
//   swift build -c release --product tca-replay --product cli-benchmarks
//   .build/release/cli-benchmarks [TRACE] [RUNS]
//   (TRACE defaults to /tmp/tca-replay-1m.sqlite, recorded first with
//    `tca-replay demo --storm 1000000` when it is missing)

let arguments = CommandLine.arguments.dropFirst()
let trace = arguments.first ?? "/tmp/tca-replay-1m.sqlite"
let runs = arguments.dropFirst().first.flatMap { Int($0) } ?? 7
let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  .appendingPathComponent("tca-replay").path

/// Runs the tool with `arguments` as a shell would (posix_spawn, standard output to /dev/null),
/// returning its wall time in seconds and its exit status.
///
/// NB: Foundation's `Process` adds tens of milliseconds of its own on Linux, which a person
/// typing the command does not pay.
func time(_ arguments: [String]) -> (seconds: Double, status: Int32) {
  var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([tool] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid: pid_t = 0
  let start = DispatchTime.now().uptimeNanoseconds
  let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
  guard spawned == 0 else { fail("cannot start \(tool): \(String(cString: strerror(spawned)))") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let end = DispatchTime.now().uptimeNanoseconds
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return (Double(end - start) / 1e9, exitStatus)
}

/// Says what went wrong in one line on standard error and exits with status 2.
func fail(_ line: String) -> Never {
  FileHandle.standardError.write(Data("cli-benchmarks: \(line)\n".utf8))
  exit(2)
}

/// What `tca-replay info --json` says of the trace: its seq range and what it did not capture.
func summary(of trace: String) -> (first: Int, last: Int, notCaptured: [String: Int]) {
  let output = FileManager.default.temporaryDirectory
    .appendingPathComponent("cli-benchmarks-info-\(getpid()).json")
  defer { try? FileManager.default.removeItem(at: output) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = ["info", trace, "--json"]
  guard FileManager.default.createFile(atPath: output.path, contents: nil),
    let handle = try? FileHandle(forWritingTo: output)
  else { fail("cannot write \(output.path)") }
  process.standardOutput = handle
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { fail("cannot start \(tool): \(error)") }
  process.waitUntilExit()
  try? handle.close()
  guard process.terminationStatus == 0,
    let data = try? Data(contentsOf: output),
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
    let first = object["firstSeq"] as? Int, let last = object["lastSeq"] as? Int
  else { fail("expected a trace with actions at \(trace); `tca-replay info` could not read one") }
  return (first, last, object["notCaptured"] as? [String: Int] ?? [:])
}

if !FileManager.default.fileExists(atPath: trace) {
  print("Recording \(trace) (1,000,000 demo counter actions)…")
  let (seconds, status) = time(["demo", "--trace", trace, "--storm", "1000000"])
  guard status == 0 else { fail("recording \(trace) failed with status \(status)") }
  print("  recorded in \(String(format: "%.1f", seconds)) s")
}

let (first, last, notCaptured) = summary(of: trace)
if let lost = notCaptured["events over the memory limit"], lost > 0 {
  fail(
    "expected a trace with every event, found \(lost) events past the memory limit in \(trace) "
      + "(record it again with the default whenFull: .wait)")
}
var generator = SystemRandomNumberGenerator()
let cases: [(name: String, goal: Double, arguments: () -> [String])] = [
  ("info", 0.5, { ["info", trace] }),
  ("info --json", 0.5, { ["info", trace, "--json"] }),
  (
    "log --from N --limit 50", 0.1,
    {
      [
        "log", trace, "--from", String(Int.random(in: first...last, using: &generator)), "--limit",
        "50",
      ]
    }
  ),
  (
    "log --name GLOB --limit 50 (no goal)", .infinity,
    { ["log", trace, "--name", "counter.*", "--limit", "50"] }
  ),
  (
    "show at a random seq", 0.05,
    { ["show", trace, String(Int.random(in: (first - 1)...last, using: &generator))] }
  ),
  (
    "diff at a random seq", 0.05,
    { ["diff", trace, String(Int.random(in: first...last, using: &generator))] }
  ),
  (
    "scopes at a random seq", 0.05,
    { ["scopes", trace, String(Int.random(in: first...last, using: &generator))] }
  ),
  ("changes counter.count (every action)", 1.0, { ["changes", trace, "counter.count"] }),
  ("changes todos (no action)", 1.0, { ["changes", trace, "todos"] }),
  (
    "find on a path every action changed", 1.0,
    { ["find", trace, "counter.count >= \(last)"] }
  ),
  // NB: A path the trace holds: a path it never holds is now an error ("no such path").
  (
    "find on a path no action changed", 0.1,
    { ["find", trace, #"search.query == "never""#] }
  ),
  ("why on a path every action changed", 0.2, { ["why", trace, "counter.count"] }),
  ("tca-replay --help (process start)", .infinity, { ["--help"] }),
]

print(
  "tca-replay on \(trace) (seq \(first)…\(last)), \(runs) runs each (wall time, process start "
    + "included)")
print(
  "command".padding(toLength: 40, withPad: " ", startingAt: 0)
    + "   median      max     goal        load")
for benchmark in cases {
  var times: [Double] = []
  for _ in 0..<runs {
    let arguments = benchmark.arguments()
    let (seconds, status) = time(arguments)
    guard status == 0 else {
      fail("expected `tca-replay \(arguments.joined(separator: " "))` to exit 0, found \(status)")
    }
    times.append(seconds)
  }
  times.sort()
  let median = times[times.count / 2]
  let goal = benchmark.goal.isFinite ? String(format: "≤ %5.0f ms", benchmark.goal * 1000) : ""
  let verdict = benchmark.goal.isFinite ? (median <= benchmark.goal ? "  met   " : "  MISSED") : ""
  print(
    benchmark.name.padding(toLength: 40, withPad: " ", startingAt: 0)
      + String(format: "%7.1f ms %7.1f ms", median * 1000, times.last! * 1000) + "  "
      + goal.padding(toLength: 10, withPad: " ", startingAt: 0) + verdict + "  "
      + MachineLoad.current.label)
}
