import ComposableRuntime
import Foundation
import Trace
import TraceBrowser

// The interactive view's frame times on a big trace: the first frame, then each kind of step
// (the key, the reads it starts, the frame drawn), with the process's memory.
//
//   swift run tca-replay demo --trace /tmp/big.sqlite --storm 1000000   # once; never committed
//   swift run -c release trace-browser-benchmarks /tmp/big.sqlite [--rounds 200]
//
// Goals (issue 10): first frame ≤ 300 ms, each step ≤ 16 ms, memory bounded by the window.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
  FileHandle.standardError.write(
    Data("usage: trace-browser-benchmarks TRACE [--rounds N] [--watch PATH] [--search TEXT]\n".utf8)
  )
  exit(2)
}
arguments.removeFirst()
var rounds = 200
var watchPath = "counter.count"
var searchText = "increment"
while arguments.count >= 2 {
  let (flag, value) = (arguments.removeFirst(), arguments.removeFirst())
  switch flag {
  case "--rounds": rounds = Int(value) ?? rounds
  case "--watch": watchPath = value
  case "--search": searchText = value
  default: break
  }
}

#if canImport(Glibc)
  let rusageSelf = RUSAGE_SELF.rawValue
#else
  let rusageSelf = RUSAGE_SELF
#endif

/// Resident memory now, from /proc (Linux); the peak from getrusage elsewhere.
func residentMegabytes() -> Double {
  if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
  {
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
  }
  var usage = rusage()
  getrusage(rusageSelf, &usage)
  return Double(usage.ru_maxrss) / 1024
}

/// Resumes a waiting step once the view's state satisfies its condition.
@MainActor
final class Settling: StoreObserver {
  typealias State = Browser.State
  typealias Action = Browser.Action
  var latest: Browser.State?
  var waiter: ((Browser.State) -> Bool, CheckedContinuation<Void, Never>)?

  func reducerDidRun(_ action: ActionID, state: Browser.State) {
    self.latest = state
    if let (condition, continuation) = self.waiter, condition(state) {
      self.waiter = nil
      continuation.resume()
    }
  }
}

@MainActor
func main() async throws {
  let size = TerminalSize(rows: 50, columns: 160)
  let fileMegabytes =
    Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    / 1_048_576
  print("trace \(path): \(String(format: "%.0f", fileMegabytes)) MB; terminal 160 × 50")
  print("memory before opening: \(String(format: "%.1f", residentMegabytes())) MB resident")

  let settling = Settling()
  let opened = ContinuousClock.now
  let reader = try TraceReader(path: path)
  let store = Store(
    initialState: Browser.State(
      title: path, stateType: reader.header.stateType, size: size, start: nil)
  ) {
    Browser()
  } withDependencies: {
    $0.traceClient = .live(reader)
  }
  store.observer = settling

  /// Sends `keys` and waits until the detail at the new cursor is read (and `extra` holds).
  func step(_ keys: [Key], extra: @escaping (Browser.State) -> Bool = { _ in true }) async
    -> Duration
  {
    let start = ContinuousClock.now
    let before = settling.latest?.cursor
    await withCheckedContinuation { continuation in
      settling.waiter = (
        { state in
          // NB: A message (nothing found, the end reached) settles a step too, so none hangs.
          (state.detail?.action.seq == state.cursor && state.cursor != before && extra(state))
            || state.message != nil
        }, continuation
      )
      for key in keys { store.send(.key(key)) }
    }
    _ = BrowserScreen.lines(for: settling.latest!, size: size, palette: .color)
    return ContinuousClock.now - start
  }

  await withCheckedContinuation { continuation in
    settling.waiter = ({ $0.detail != nil }, continuation)
    store.send(.task)
  }
  let firstFrame = BrowserScreen.lines(for: settling.latest!, size: size, palette: .color)
  let firstFrameTime = ContinuousClock.now - opened
  let last = settling.latest!.bounds?.upperBound ?? 0
  print("actions: #1–#\(last)")
  print("first frame: \(format(firstFrameTime)) (\(firstFrame.count) lines)")

  var results: [(String, [Duration])] = []
  func measure(_ name: String, _ times: Int, _ body: () async -> Duration?) async {
    var samples: [Duration] = []
    for _ in 0..<times {
      if let sample = await body() { samples.append(sample) }
    }
    results.append((name, samples))
  }

  await measure("j (next action)", rounds) { await step([.character("j")]) }
  await measure("PgDn", rounds / 4) { await step([.pageDown]) }
  await measure("PgUp", rounds / 4) { await step([.pageUp]) }
  await measure("G then g", rounds / 10) {
    let there = await step([.character("G")])
    return there + (await step([.character("g")]))
  }
  await measure(": N Enter (random seq)", rounds / 4) {
    var target = Int64.random(in: 1...max(last, 1))
    if target == settling.latest?.cursor { target = target == 1 ? 2 : target - 1 }
    return await step([.character(":")] + String(target).map(Key.character) + [.enter])
  }
  await measure("/ TEXT Enter, then n", rounds / 4) {
    let typed = await step([.character("/")] + searchText.map(Key.character) + [.enter])
    return typed + (await step([.character("n")]))
  }
  _ = await step(
    [.character("w")] + watchPath.map(Key.character) + [.enter, .character("]")],
    extra: { $0.watch != nil })
  await measure("] (next change of \(watchPath))", rounds / 4) { await step([.character("]")]) }
  await measure("[ (previous change)", rounds / 4) { await step([.character("[")]) }

  print("")
  print("step                                   n   median      p95      max")
  for (name, samples) in results {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else {
      print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + "  no samples")
      continue
    }
    let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    print(
      name.padding(toLength: 34, withPad: " ", startingAt: 0)
        + String(format: "%5d", sorted.count) + " " + format(sorted[sorted.count / 2])
        + " " + format(p95) + " " + format(sorted.last!))
  }
  print("")
  print("memory after all steps: \(String(format: "%.1f", residentMegabytes())) MB resident")
  var usage = rusage()
  getrusage(rusageSelf, &usage)
  #if canImport(Darwin)
    let peak = Double(usage.ru_maxrss) / 1_048_576
  #else
    let peak = Double(usage.ru_maxrss) / 1024
  #endif
  print("peak resident: \(String(format: "%.1f", peak)) MB")
}

func format(_ duration: Duration) -> String {
  let milliseconds =
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  return String(format: "%6.2f ms", milliseconds)
}

try await main()
