import BenchmarkSupport
import DemoApp
import Foundation
import Trace

/// The recorder's exact encodings for replay: Foundation's `JSONEncoder` (sorted keys) against
/// ``TraceEncoder``, which the recorder's worker now uses, on a demo action and the demo's state.
@MainActor
enum EncodeBenchmark {
  static func run() async {
    let action = AppFeature.Action.counter(.view(.incrementButtonTapped))
    let state = AppFeature.State()
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let trace = TraceEncoder()
    // Both read back as the same value, or the comparison means nothing.
    let decoder = JSONDecoder()
    precondition(try! decoder.decode(AppFeature.Action.self, from: Data(trace.encode(action))) == action)
    precondition(try! decoder.decode(AppFeature.State.self, from: Data(trace.encode(state))) == state)
    await SideBySide(
      title: "Encoding a demo counter action for replay",
      operationsPerRound: 20_000, rounds: 15,
      variants: [
        .init(name: "JSONEncoder, sorted keys") { count in
          for _ in 0..<count { precondition(!(try! foundation.encode(action)).isEmpty) }
        },
        .init(name: "TraceEncoder") { count in
          for _ in 0..<count { precondition(!(try! trace.encode(action)).isEmpty) }
        },
      ]
    ).report()
    await SideBySide(
      title: "Encoding the demo's whole state (a keyframe) for replay",
      operationsPerRound: 2_000, rounds: 15,
      variants: [
        .init(name: "JSONEncoder, sorted keys") { count in
          for _ in 0..<count { precondition(!(try! foundation.encode(state)).isEmpty) }
        },
        .init(name: "TraceEncoder") { count in
          for _ in 0..<count { precondition(!(try! trace.encode(state)).isEmpty) }
        },
      ]
    ).report()
  }
}
