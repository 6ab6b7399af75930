import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Trace

/// The recorder's workloads for an instruction count, which a busy machine does not move: one
/// workload per run, `count` times inside ``measure(_:_:)``, so callgrind's inclusive cost of that
/// function divided by `count` is the store thread's instructions per action.
///
/// ```sh
/// valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=/tmp/cg.%p \
///   .build/release/runtime-benchmarks instructions 20000 app-recorded
/// callgrind_annotate --inclusive=yes /tmp/cg.PID-01 | swift demangle | grep InstructionProfile.measure
/// ```
///
/// The workloads: `trivial`, `trivial-no-op` (observed by an observer that does nothing) and
/// `trivial-recorded` send to the trivial reducer's store; `app` and `app-recorded` send the demo
/// counter action; `raw-insert` inserts the rows of `count` recorded demo actions with the raw
/// SQLite loop of `runtime-benchmarks sustained`. A recorded workload finishes its recording
/// before it returns, so the recorder's worker threads (`tca-replay recorder`, `tca-replay
/// writer`) each have a file of their own, whose total divided by `count` is the worker's
/// instructions per action.
///
/// NB: One workload per process: the optimizer folds functions with the same body, so two
/// workloads measured in one process could not be told apart in the profile.
@MainActor
enum InstructionProfile {
  static let workloads = [
    "trivial", "trivial-no-op", "trivial-recorded", "app", "app-recorded", "raw-insert",
  ]

  static func run(count: Int, workload: String) async {
    var options = Recorder.Options()
    options.memoryLimit = 1 << 30
    let recorder = try! Recorder(
      path: RecorderBenchmarks.temporaryPath("instructions.sqlite"), options: options)
    let run: @MainActor (Int) -> Void
    switch workload {
    case "trivial": run = WithHooks.storeSend(observed: false)
    case "trivial-no-op": run = WithHooks.storeSend(observed: true)
    case "trivial-recorded": run = WithHooks.recordedStoreSend(recorder: recorder)
    case "app": run = Self.sends(to: Store(initialState: AppFeature.State()) { AppFeature() })
    case "app-recorded", "raw-insert":
      run = Self.sends(
        to: Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) })
    default:
      print(
        "error: expected a workload (\(Self.workloads.joined(separator: ", "))), found '\(workload)'"
      )
      exit(2)
    }
    // Warm-up: the first sends learn types and fill caches.
    let warmUp = 1_000
    run(warmUp)
    if workload == "raw-insert" {
      run(count)
      await recorder.finish()
      let rows = try! TraceReader(path: recorder.path).actions(
        in: Int64(warmUp + 1)...Int64(warmUp + count))
      Self.measure({ _ in RecorderBenchmarks.rawInsert(rows) }, rows.count)
      print("instructions: \(rows.count) rows inserted raw")
      return
    }
    Self.measure(run, count)
    await recorder.finish()
    let recorded = try! TraceReader(path: recorder.path).actionSummary().count
    print("instructions: \(workload), \(warmUp) + \(count) sends, \(recorded) recorded")
  }

  @inline(never)
  static func measure(_ run: @MainActor (Int) -> Void, _ count: Int) {
    run(count)
  }

  static func sends(to store: StoreOf<AppFeature>) -> @MainActor (Int) -> Void {
    { count in
      for _ in 0..<count { store.send(.counter(.view(.incrementButtonTapped))) }
    }
  }
}
