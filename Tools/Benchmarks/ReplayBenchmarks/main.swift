import BenchmarkSupport
import ComposableRuntime
import DemoApp
import Foundation
import Replay
import Trace

// `swift run -c release replay-benchmarks [COUNT]`: records a COUNT-action demo session (default
// 100,000), then, side by side in one run, sends the same actions straight to a store (the
// ceiling: no trace, no decoding, no comparing) and replays the trace hermetically (reading it,
// decoding every action, reducing, hashing and comparing each state, tracking the effects), and
// replays it edited (one action inserted at the end, so every recorded action is still compared).
// Replay's throughput is reported as a share of the ceiling's; the goal is at least 50% for both.
// Then `chaos --runs 1000` on the demo's scripted session (goal ≤ 10 s). `replay-benchmarks chaos`
// runs only the chaos part.

@MainActor
func main() async throws {
  let arguments = CommandLine.arguments.dropFirst()
  if arguments.first == "chaos" {
    try await ChaosBenchmark.run()
    return
  }
  guard let count = arguments.first.map({ Int($0) }) ?? 100_000, count > 0 else {
    FileHandle.standardError.write(
      Data("error: expected COUNT (a whole number of actions), found '\(arguments.first!)'\n".utf8))
    exit(2)
  }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tca-replay-benchmark-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let path = folder.appendingPathComponent("demo.sqlite").path

  let actions = DemoTraceGenerator.actions(count: count)
  let recordStart = DispatchTime.now().uptimeNanoseconds
  try await DemoTraceGenerator.record(actions, to: path)
  let recordSeconds = Double(DispatchTime.now().uptimeNanoseconds - recordStart) / 1e9
  let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  print(
    "recorded \(count) actions in \(format(recordSeconds)) s (\(size / 1_000_000) MB): \(path)")

  var ceiling: [Double] = []
  var replay: [Double] = []
  var edited: [Double] = []
  let loadBefore = MachineLoad.current
  for round in 0..<5 {
    // Rotate which goes first, so drift on a shared machine hits all alike.
    for variant in [[0, 1, 2], [1, 2, 0], [2, 0, 1]][round % 3] {
      if variant == 2 {
        edited.append(try await EditedReplayBenchmark.run(path: path, actions: actions))
        continue
      }
      let start = DispatchTime.now().uptimeNanoseconds
      if variant == 0 {
        let store = Store(initialState: AppFeature.State()) {
          AppFeature()
        } withDependencies: {
          $0.continuousClock = TestClock()
          $0.uuid = .incrementing
        }
        // NB: Yields as the recording did, so the presentation effects' tasks get to end; a
        // store sent to without ever yielding piles them up.
        for (offset, action) in actions.enumerated() {
          store.send(action)
          if offset.isMultiple(of: 1_000) { await Task.yield() }
        }
      } else {
        let result = try await Replay(path: path).run(AppFeature())
        if let divergence = result.divergence {
          print(divergence.description)
          exit(1)
        }
        precondition(result.replayedActions == count)
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      (variant == 0 ? { ceiling.append(seconds) } : { replay.append(seconds) })()
    }
  }
  let ceilingMedian = ceiling.sorted()[ceiling.count / 2]
  let replayMedian = replay.sorted()[replay.count / 2]
  let editedMedian = edited.sorted()[edited.count / 2]
  print("\nHermetic replay of \(count) actions vs the same actions sent straight to a store")
  print(
    "  5 interleaved rounds, median wall time (\(loadBefore.label) → \(MachineLoad.current.label))")
  print(
    "  straight to a store (ceiling)   \(format(ceilingMedian)) s   \(rate(count, ceilingMedian))")
  print(
    "  hermetic replay                 \(format(replayMedian)) s   \(rate(count, replayMedian))")
  print(
    "  edited replay (one insert)      \(format(editedMedian)) s   \(rate(count, editedMedian))")
  print(
    "  replay throughput: \(format(100 * ceilingMedian / replayMedian))% of the ceiling (goal ≥ 50%)"
  )
  print(
    "  edited replay throughput: \(format(100 * ceilingMedian / editedMedian))% of the ceiling "
      + "(goal ≥ 50%)")
  try await ChaosBenchmark.run()
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }
func rate(_ count: Int, _ seconds: Double) -> String {
  "\(Int(Double(count) / seconds)) actions/s"
}

try await main()
