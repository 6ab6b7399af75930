import Foundation
import TestSupport
import Trace

/// Writes `count` synthetic traces of `actions` actions each into a folder, for the profile over
/// many traces: five case paths at different rates and costs, a scope per action, an effect per
/// tenth action (one in a hundred never ends), one changed path per action. Seeded, so two runs
/// write the same traces.
struct TraceSetGenerator {
  var count: Int
  var actions: Int

  static let names = [
    "counter.view.incrementTapped", "counter.view.decrementTapped", "search.view.queryChanged",
    "search.internal.response", "todos.todos.element.toggled",
  ]

  func write(into folder: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true)
    for index in 0..<count {
      var random = SplitMix64(seed: UInt64(index) + 1)
      let path = folder + "/trace-\(String(format: "%03d", index)).sqlite"
      let writer = try TraceWriter(
        path: path,
        header: TraceHeader(
          recorderVersion: "profiler-benchmarks", stateType: "Bench.State",
          actionType: "Bench.Action", startedAt: "2026-11-25T00:00:00Z", keyframeInterval: 1000,
          options: TraceHeader.Options()))
      var batch = TraceBatch()
      batch.keyframes.append(
        KeyframeRecord(seq: 0, state: .object([.init("count", .int(0))]), codable: nil))
      var effect: Int64 = 0
      var clock: Int64 = 0
      for seq in 1...Int64(actions) {
        clock += 1_000_000 + Int64(random.next() % 20_000_000)
        let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
        let duration = 5_000 + Int64(random.next() % 200_000) * (name.hasPrefix("search") ? 4 : 1)
        batch.actions.append(
          ActionRecord(
            seq: seq, origin: .send, name: name, payload: nil, startNanoseconds: clock,
            durationNanoseconds: duration, stateChanged: true, stateHash: seq,
            diff: [.replace(TracePath([.field("count")]), old: .int(seq - 1), new: .int(seq))]))
        batch.scopes.append(
          ScopeRecord(
            actionSeq: seq, path: String(name.prefix { $0 != "." }),
            selfNanoseconds: duration / 2, totalNanoseconds: duration, calls: 1))
        if seq % 10 == 0 {
          effect += 1
          batch.effectStarts.append(
            EffectStartRecord(
              id: effect, actionSeq: seq, kind: .run, name: "load", cancelIDs: [],
              location: nil, startNanoseconds: clock))
          if effect % 100 != 0 {
            batch.effectEnds.append(
              EffectEndRecord(
                id: effect, endNanoseconds: clock + Int64(random.next() % 50_000_000),
                outcome: .finished, actionsSent: 0))
          }
        }
        if batch.actions.count == 1_000 {
          try writer.write(batch)
          batch = TraceBatch()
        }
      }
      try writer.write(batch)
      try writer.finish(cleanly: true, reason: "finished", endNanoseconds: clock + 1_000_000)
    }
  }
}
