import BenchmarkSupport
import ComposableRuntime
import DemoApp
import Foundation
import ReducerRecording

/// What recording through the reducer operator (`ReducerRecording`, TCA's public API alone) costs
/// a store's `send`, side by side with the same store not recorded: a trivial reducer, and a
/// demo counter action. `swift run -c release reducer-recording-benchmarks [trivial] [app]`;
/// `instructions COUNT WORKLOAD` counts one workload's instructions (``InstructionProfile``).
///
/// NB: Its own executable: `Recorder` (the hook recorder) spells `record(to:)` the same way, so the
/// two cannot be imported together.
@MainActor
enum ReducerRecordingBenchmarks {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var label = "counter"
    }
    enum Action { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count &+= 1
      return .none
    }
  }

  static func recorder(_ name: String) -> Recorder {
    var options = Recorder.Options()
    // NB: Big enough to queue a whole round, so nothing waits; the worker catches up between
    // rounds, outside the timing.
    options.memoryLimit = 1 << 30
    let path = NSTemporaryDirectory() + "reducer-recording-\(name)-\(getpid()).sqlite"
    return try! Recorder(path: path, options: options)
  }

  /// NB: Twice: sent from the measuring task, and from a block on the main queue where no task is
  /// current, as a SwiftUI button's action sends. A dependency push (the store's own, and the
  /// recorder's) takes the task's status lock in a task, and a thread-local slot outside one.
  static func trivial() async {
    await Self.trivial(outsideTasks: false)
    await Self.trivial(outsideTasks: true)
  }

  static func trivial(outsideTasks: Bool) async {
    let recorder = Self.recorder("trivial")
    let plain = Store(initialState: Counter.State()) { Counter() }
    let recorded = Store(initialState: Counter.State()) { Counter().record(to: recorder) }
    let pushing = Store(initialState: Counter.State()) { CounterUnderAnotherPush() }
    var sideBySide = SideBySide(
      title: "Store.send, trivial reducer: recorded through the reducer operator vs not, sent "
        + (outsideTasks ? "outside any task (main queue)" : "in a task"),
      operationsPerRound: 100_000, rounds: 15,
      variants: [
        .init(name: "Store, not recorded") { count in
          for _ in 0..<count { plain.send(.increment) }
        },
        .init(name: "Store, recorded (ReducerRecording)") { count in
          for _ in 0..<count { recorded.send(.increment) }
        },
        .init(name: "floor: one more dependency push") { count in
          for _ in 0..<count { pushing.send(.increment) }
        },
      ],
      betweenRounds: { await recorder.flush() }
    )
    sideBySide.outsideTasks = outsideTasks
    await sideBySide.report()
    await recorder.finish()
  }

  static func app() async {
    let recorder = Self.recorder("app")
    let plain = Store(initialState: AppFeature.State()) { AppFeature() }
    let recorded = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    await SideBySide(
      title: "Store.send of a demo counter action: recorded through the reducer operator vs not",
      operationsPerRound: 20_000, rounds: 15,
      variants: [
        .init(name: "AppFeature, not recorded") { count in
          for _ in 0..<count { plain.send(.counter(.view(.incrementButtonTapped))) }
        },
        .init(name: "AppFeature, recorded (ReducerRecording)") { count in
          for _ in 0..<count { recorded.send(.counter(.view(.incrementButtonTapped))) }
        },
      ],
      betweenRounds: { await recorder.flush() }
    ).report()
    await recorder.finish()
  }
}

// `instructions COUNT WORKLOAD` is for callgrind (see `InstructionProfile`); it runs alone.
if CommandLine.arguments.dropFirst().first == "instructions" {
  let rest = Array(CommandLine.arguments.dropFirst(2))
  guard rest.count == 2, let count = Int(rest[0]), count > 0 else {
    FileHandle.standardError.write(
      Data("error: expected 'instructions COUNT WORKLOAD', found '\(rest.joined(separator: " "))'\n".utf8))
    exit(2)
  }
  Task { @MainActor in
    await InstructionProfile.run(count: count, workload: rest[1])
    exit(0)
  }
  RunLoop.main.run()
}
let arguments = Set(CommandLine.arguments.dropFirst())
if let unknown = arguments.subtracting(["trivial", "app"]).first {
  FileHandle.standardError.write(
    Data("error: unknown benchmark '\(unknown)'; expected trivial or app\n".utf8))
  exit(2)
}
Task { @MainActor in
  if arguments.isEmpty || arguments.contains("trivial") { await ReducerRecordingBenchmarks.trivial() }
  if arguments.isEmpty || arguments.contains("app") { await ReducerRecordingBenchmarks.app() }
  exit(0)
}
RunLoop.main.run()
