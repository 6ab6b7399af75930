import BenchmarkSupport
import ComposableRuntime
import DemoApp
import Recorder

/// What one demo counter action costs the app, and what recording adds to it, side by side.
@MainActor
enum AppSendBenchmark {
  /// The demo's root reducer with its `body` built once, not per action: prices TCA's
  /// body-per-action (the case key paths built every time) against the rest of the send.
  struct BodyOnce: Reducer {
    let body: AppFeature.Body = AppFeature().body
    func reduce(into state: inout AppFeature.State, action: AppFeature.Action) -> Effect<AppFeature.Action> {
      self.body.reduce(into: &state, action: action)
    }
  }

  static func run() async {
    var options = Recorder.Options()
    options.memoryLimit = 1 << 30
    let plain = Store(initialState: AppFeature.State()) { AppFeature() }
    let once = Store(initialState: AppFeature.State()) { BodyOnce() }
    options.recordsReads = false
    let recorder = try! Recorder(path: RecorderBenchmarks.temporaryPath("app.sqlite"), options: options)
    options.recordsReads = true
    let reading = try! Recorder(
      path: RecorderBenchmarks.temporaryPath("app-reads.sqlite"), options: options)
    let recorded = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    let withReads = Store(initialState: AppFeature.State()) { AppFeature().record(to: reading) }
    await SideBySide(
      title: "Store.send of a demo counter action",
      operationsPerRound: 20_000, rounds: 15,
      variants: [
        .init(name: "AppFeature, not recorded") { count in
          for _ in 0..<count { plain.send(.counter(.view(.incrementButtonTapped))) }
        },
        .init(name: "AppFeature, body built once") { count in
          for _ in 0..<count { once.send(.counter(.view(.incrementButtonTapped))) }
        },
        .init(name: "AppFeature, recorded") { count in
          for _ in 0..<count { recorded.send(.counter(.view(.incrementButtonTapped))) }
        },
        .init(name: "AppFeature, recorded with reads") { count in
          for _ in 0..<count { withReads.send(.counter(.view(.incrementButtonTapped))) }
        },
      ],
      betweenRounds: {
        await recorder.flush()
        await reading.flush()
      }
    ).report()
    await recorder.finish()
    await reading.finish()
  }
}
