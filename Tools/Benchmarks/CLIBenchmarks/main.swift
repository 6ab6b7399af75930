import Foundation

// Times the built `tca-replay` commands on a large trace, as a person runs them: each command is
// the release binary started afresh by posix_spawn, its output written to /dev/null, wall time from
// start to exit. Prints the median and the slowest of the runs beside the goal of issue 10.
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
func time(_ arguments: [String]) throws -> (seconds: Double, status: Int32) {
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
  guard spawned == 0 else { fatalError("posix_spawn \(tool): \(String(cString: strerror(spawned)))") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let end = DispatchTime.now().uptimeNanoseconds
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return (Double(end - start) / 1e9, exitStatus)
}

if !FileManager.default.fileExists(atPath: trace) {
  print("Recording \(trace) (1,000,000 demo counter actions)…")
  let (seconds, status) = try time(["demo", "--trace", trace, "--storm", "1000000"])
  guard status == 0 else { fatalError("recording failed with status \(status)") }
  print("  recorded in \(String(format: "%.1f", seconds)) s")
}

let last = 1_000_000
var generator = SystemRandomNumberGenerator()
let cases: [(name: String, goal: Double, arguments: () -> [String])] = [
  ("info", 0.5, { ["info", trace] }),
  ("info --json", 0.5, { ["info", trace, "--json"] }),
  (
    "log --from N --limit 50", 0.1,
    {
      [
        "log", trace, "--from", String(Int.random(in: 1...last, using: &generator)), "--limit",
        "50",
      ]
    }
  ),
  ("log --name GLOB --limit 50 (no goal)", .infinity, { ["log", trace, "--name", "counter.*", "--limit", "50"] }),
  (
    "show at a random seq", 0.05,
    { ["show", trace, String(Int.random(in: 0...last, using: &generator))] }
  ),
  (
    "diff at a random seq", 0.05,
    { ["diff", trace, String(Int.random(in: 1...last, using: &generator))] }
  ),
  (
    "scopes at a random seq", 0.05,
    { ["scopes", trace, String(Int.random(in: 1...last, using: &generator))] }
  ),
  ("changes counter.count (every action)", 1.0, { ["changes", trace, "counter.count"] }),
  ("changes todos (no action)", 1.0, { ["changes", trace, "todos"] }),
  ("tca-replay --help (process start)", .infinity, { ["--help"] }),
]

print("tca-replay on \(trace), \(runs) runs each (wall time, process start included)")
print("command".padding(toLength: 40, withPad: " ", startingAt: 0) + "   median      max     goal")
for benchmark in cases {
  var times: [Double] = []
  for _ in 0..<runs {
    let (seconds, status) = try time(benchmark.arguments())
    guard status == 0 else { fatalError("\(benchmark.name) exited with \(status)") }
    times.append(seconds)
  }
  times.sort()
  let median = times[times.count / 2]
  let goal = benchmark.goal.isFinite ? String(format: "≤ %5.0f ms", benchmark.goal * 1000) : ""
  let verdict = benchmark.goal.isFinite ? (median <= benchmark.goal ? "  met" : "  MISSED") : ""
  print(
    benchmark.name.padding(toLength: 40, withPad: " ", startingAt: 0)
      + String(format: "%7.1f ms %7.1f ms", median * 1000, times.last! * 1000) + "  " + goal
      + verdict)
}
