import ComposableRuntime
import Foundation
import ReducerRecording

/// One of the trivial-reducer workloads alone, for an instruction count a busy machine does not
/// move: `count` sends inside ``measure(_:_:)``, so callgrind's inclusive cost of that function
/// divided by `count` is the store thread's instructions per send.
///
/// ```sh
/// # valgrind 3.19 cannot read the binary's DWARF 5; its symbols are enough.
/// objcopy --strip-debug .build-release/release/reducer-recording-benchmarks /tmp/rrb
/// valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=/tmp/cg.%p \
///   /tmp/rrb instructions 20000 trivial-recorded
/// callgrind_annotate --inclusive=yes /tmp/cg.PID-01 | swift demangle | grep InstructionProfile.measure
/// ```
///
/// The warm-up's 1,000 sends run outside ``measure(_:_:)``: divide by `count` alone.
///
/// NB: One workload per process: the optimizer folds functions with the same body, so two
/// workloads measured in one process could not be told apart in the profile.
@MainActor
enum InstructionProfile {
  static let workloads = ["trivial", "trivial-recorded", "trivial-floor"]

  static func run(count: Int, workload: String) async {
    let recorder = ReducerRecordingBenchmarks.recorder("instructions")
    let send: @MainActor (Int) -> Void
    switch workload {
    case "trivial":
      let store = Store(initialState: ReducerRecordingBenchmarks.Counter.State()) {
        ReducerRecordingBenchmarks.Counter()
      }
      send = { count in for _ in 0..<count { store.send(.increment) } }
    case "trivial-recorded":
      let store = Store(initialState: ReducerRecordingBenchmarks.Counter.State()) {
        ReducerRecordingBenchmarks.Counter().record(to: recorder)
      }
      send = { count in for _ in 0..<count { store.send(.increment) } }
    case "trivial-floor":
      let store = Store(initialState: ReducerRecordingBenchmarks.Counter.State()) {
        ReducerRecordingBenchmarks.CounterUnderAnotherPush()
      }
      send = { count in for _ in 0..<count { store.send(.increment) } }
    default:
      FileHandle.standardError.write(
        Data(
          ("error: expected a workload (\(Self.workloads.joined(separator: ", "))), "
            + "found '\(workload)'\n").utf8))
      exit(2)
    }
    // Warm-up: the first sends learn types and fill caches.
    send(1_000)
    Self.measure(send, count)
    await recorder.finish()
    print("instructions: \(workload), 1000 + \(count) sends")
  }

  @inline(never)
  static func measure(_ send: @MainActor (Int) -> Void, _ count: Int) {
    send(count)
  }
}
