import BenchmarkSupport
import ComposableRuntime
import CustomDump
import DemoApp
import Foundation
import GRDB
import Recorder
import StateReflection
import TestSupport
import Trace

/// The recorder's benchmarks: each prints ratios measured side by side in one run.
@MainActor
enum RecorderBenchmarks {
  /// A path in a new folder of the shared benchmark folder, which goes when the process exits:
  /// the traces here reach hundreds of megabytes.
  nonisolated static func temporaryPath(_ name: String) -> String {
    let folder = self.folder.appendingPathComponent(UUID().uuidString)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
  }

  nonisolated static let folder: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tca-replay-bench-\(getpid())")
    atexit { try? FileManager.default.removeItem(at: RecorderBenchmarks.folder) }
    return folder
  }()

  /// `send` recorded vs not recorded, trivial reducer, small state.
  static func recordedSend() async {
    var options = Recorder.Options()
    // NB: Big enough to queue a whole round, so nothing is refused and every send is measured
    // with its enqueue; the worker catches up between rounds, outside the timing.
    options.memoryLimit = 1 << 30
    options.recordsReads = false
    let recorder = try! Recorder(path: temporaryPath("send.sqlite"), options: options)
    let recorded = WithHooks.recordedStoreSend(recorder: recorder)
    options.recordsReads = true
    let reading = try! Recorder(path: temporaryPath("send-reads.sqlite"), options: options)
    let withReads = WithHooks.recordedStoreSend(recorder: reading)
    let plain = WithHooks.storeSend(observed: false)
    let results = SideBySide(
      title: "Store.send recorded vs not recorded, trivial reducer, small state",
      operationsPerRound: 100_000, rounds: 15,
      variants: [
        .init(name: "Store, not recorded", run: plain),
        .init(name: "Store, recorded (.record(to:))", run: recorded),
        .init(name: "Store, recorded with reads", run: withReads),
        // How much of the recorded line is the store's hook calls themselves.
        .init(
          name: "part of it: observed by a no-op observer",
          run: WithHooks.storeSend(observed: true)),
      ],
      betweenRounds: {
        await recorder.flush()
        await reading.flush()
      }
    )
    await results.report()
    await recorder.finish()
    await reading.finish()
    let trace = try! TraceReader(path: recorder.path)
    print(
      "  recorded \(try! trace.actionSummary().count) actions, not captured: \(try! trace.notCaptured())"
    )
  }

  /// Our structural diff vs swift-custom-dump's `diff` on the same pair of states.
  static func structuralDiff() async {
    struct Item: Identifiable, Equatable {
      let id: Int
      var title: String
      var isDone: Bool
    }
    struct State: Equatable {
      var items: IdentifiedArrayOf<Item>
      var selection: Int?
    }
    let old = State(
      items: IdentifiedArray(
        uniqueElements: (0..<10_000).map {
          Item(id: $0, title: "Item \($0)", isDone: false)
        }),
      selection: nil)
    var new = old
    new.items[id: 5_000]?.isDone = true
    precondition(StateDiff.operations(from: old, to: new).count == 1)
    await SideBySide(
      title: "State diff, 10,000-element IdentifiedArray, one element changed",
      operationsPerRound: 1, rounds: 9,
      variants: [
        .init(name: "swift-custom-dump diff") { count in
          for _ in 0..<count { precondition(diff(old, new) != nil) }
        },
        .init(name: "StateDiff.operations") { count in
          for _ in 0..<count { precondition(!StateDiff.operations(from: old, to: new).isEmpty) }
        },
      ]
    ).report()
  }

  /// Sustained end-to-end recording rate vs a raw SQLite insert loop of similar rows, in
  /// interleaved rounds: each round records, then inserts the rows it recorded. A third line
  /// times the same sends to a store that is not recorded: the app's own cost, which bounds the
  /// recording rate from above.
  static func sustainedRate() async {
    let count = 100_000
    let rounds = 5
    var ratios: [Double] = []
    var recordedRates: [Double] = []
    var rawRates: [Double] = []
    var plainRates: [Double] = []
    let loadBefore = MachineLoad.current
    for _ in 0..<rounds {
      // Not recorded: the same sends, nothing else.
      let plain = Store(initialState: AppFeature.State()) { AppFeature() }
      let plainStart = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<count { plain.send(.counter(.view(.incrementButtonTapped))) }
      let plainSeconds = Double(DispatchTime.now().uptimeNanoseconds - plainStart) / 1e9

      // Recorded: sends, then finish (everything written); the whole wall time counts.
      let recordedPath = temporaryPath("storm.sqlite")
      let start = DispatchTime.now().uptimeNanoseconds
      var options = Recorder.Options()
      options.memoryLimit = 1 << 30
      let recorder = try! Recorder(path: recordedPath, options: options)
      let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
      for _ in 0..<count { store.send(.counter(.view(.incrementButtonTapped))) }
      await recorder.finish()
      let recordedSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let trace = try! TraceReader(path: recordedPath)
      precondition(try! trace.actionSummary().count == count)

      // Raw: the same rows, prepared up front, inserted in transactions of 10,000.
      let rows = try! trace.actions(in: 1...Int64(count))
      let rawStart = DispatchTime.now().uptimeNanoseconds
      rawInsert(rows)
      let rawSeconds = Double(DispatchTime.now().uptimeNanoseconds - rawStart) / 1e9
      recordedRates.append(Double(count) / recordedSeconds)
      rawRates.append(Double(count) / rawSeconds)
      plainRates.append(Double(count) / plainSeconds)
      ratios.append(rawSeconds / recordedSeconds)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print(
      "\nSustained recording rate, \(rounds) interleaved rounds of \(count) counter actions of the demo app"
    )
    print(
      pad("end-to-end recording (send → on disk)", 44)
        + "median \(Int(median(recordedRates))) actions/s")
    print(pad("raw SQLite insert loop, same rows", 44) + "median \(Int(median(rawRates))) rows/s")
    print(
      pad("ratio per round", 44)
        + ratios.map { format($0 * 100, digits: 1) + "%" }.joined(separator: ", ")
        + " (median \(format(median(ratios) * 100, digits: 1))%)")
    print(
      pad("the same sends, not recorded (the app alone)", 44)
        + "median \(Int(median(plainRates))) actions/s")
    print(pad("machine", 44) + "\(loadBefore.label) → \(MachineLoad.current.label)")
  }

  /// The state at random points of a 1,000,000-action trace, and the trace's size and the
  /// process's peak memory while recording it.
  static func bigTrace() async {
    let count = 1_000_000
    let path = temporaryPath("million.sqlite")
    let before = peakResidentBytes()
    var options = Recorder.Options()
    options.memoryLimit = 256 << 20
    let recorder = try! Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    for index in 0..<count {
      store.send(.counter(.view(.incrementButtonTapped)))
      if index.isMultiple(of: 100_000) { await recorder.flush() }
    }
    await recorder.finish()
    let after = peakResidentBytes()
    let trace = try! TraceReader(path: path)
    let (recorded, _, last) = try! trace.actionSummary()
    let bytes = (try! FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber)
      .intValue
    print("\n1,000,000-action storm of the demo counter (\(MachineLoad.current.label))")
    print(pad("recorded / not captured", 44) + "\(recorded) / \(try! trace.notCaptured())")
    print(pad("trace size", 44) + "\(bytes / 1_048_576) MiB, \(bytes / recorded) bytes per action")
    print(pad("peak resident memory before → after", 44) + "\(before >> 20) → \(after >> 20) MiB")
    var generator = SplitMix64(seed: 42)
    var times: [Double] = []
    for _ in 0..<50 {
      let seq = Int64(generator.next() % UInt64(last!)) + 1
      let start = DispatchTime.now().uptimeNanoseconds
      let state = try! trace.state(at: seq)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      precondition(state[field: "counter"]?[field: "count"] == .int(seq))
    }
    times.sort()
    print(
      pad("state at a random seq (50 samples)", 44)
        + "median \(format(times[25], digits: 2)) ms, max \(format(times.last!, digits: 2)) ms")
  }

  /// Inserts `rows` into a fresh table of the same columns, in transactions of 10,000 rows.
  nonisolated static func rawInsert(_ rows: [ActionRecord]) {
    let rawPath = temporaryPath("raw.sqlite")
    let queue = try! DatabaseQueue(path: rawPath)
    try! queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE actions (seq INTEGER PRIMARY KEY, origin TEXT, effect_id INTEGER,
            name TEXT, payload TEXT, start_ns INTEGER, duration_ns INTEGER,
            state_changed INTEGER, state_hash INTEGER, diff TEXT)
          """)
    }
    let texts = rows.map { ($0, $0.diff.isEmpty ? nil : DiffOperation.jsonText(of: $0.diff)) }
    for chunk in stride(from: 0, to: texts.count, by: 10_000) {
      try! queue.inTransaction { db in
        let statement = try db.cachedStatement(
          sql: "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for (row, diff) in texts[chunk..<min(chunk + 10_000, texts.count)] {
          try statement.execute(arguments: [
            row.seq, "send", nil, row.name, row.payload?.jsonText, row.startNanoseconds,
            row.durationNanoseconds, row.stateChanged, row.stateHash, diff,
          ])
        }
        return .commit
      }
    }
  }

  static func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
