import ComposableRuntime
import Foundation
import StateReflection
import Trace

/// Runs a recording hermetically with its effect outputs delivered in other orders
/// (``ChaosWindows``, ``ChaosOrders``) and checks each run: invariants after every action,
/// `final` predicates after the last, no issue reported; with no predicate, the final state must
/// be the recording's. The first failing run's schedule is shrunk to the fewest moved deliveries.
@MainActor
struct ChaosExplorer<R: Reducer> where R.State: Codable, R.Action: Codable {
  typealias Predicate = (text: String, predicate: StatePredicate)

  let timeline: RecordedTimeline
  let windows: ChaosWindows
  let engine: ScriptedReplay<R>
  let invariants: [Predicate]
  let finals: [Predicate]
  /// With no predicate: the final state the recorded order ends in with today's code, which the
  /// other orders are compared with.
  let recordedFinal: TraceValue?
  /// With no predicate: where today's code first diverges from the recording in the recorded
  /// order, as `verify` finds it; no other order is tried then.
  let recordedOrderDivergence: Divergence?

  /// A failing run before it is described.
  struct RunFailure {
    var kind: ChaosFailure.Kind
    var seq: Int64
    var predicate: String?
    var details: [String]
    var dropped: [Int]

    func isLike(_ other: RunFailure) -> Bool {
      self.kind == other.kind && self.predicate == other.predicate
    }
  }

  init(
    reader: TraceReader, timeline: RecordedTimeline, actions: DecodedActions<R.Action>,
    reducer: R, invariants: [String], final: [String],
    prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) throws {
    self.timeline = timeline
    self.windows = ChaosWindows(timeline: timeline)
    self.engine = try ScriptedReplay(
      timeline: timeline, reducer: reducer, actions: actions,
      prepareDependencies: prepareDependencies)
    func parse(_ texts: [String], _ flag: String) throws -> [Predicate] {
      try texts.map { text in
        do {
          return (text, try StatePredicate(parsing: text))
        } catch {
          throw ReplayError("\(flag): \(error)")
        }
      }
    }
    self.invariants = try parse(invariants, "invariant")
    self.finals = try parse(final, "final")
    if invariants.isEmpty, final.isEmpty {
      // NB: Today's final state, not the trace's: a field the state gained since the recording
      // decodes to its default, and would differ in every order.
      let recorded = try EditedReplay(
        reader: reader, timeline: timeline, reducer: reducer, actions: actions, edits: [],
        stateAt: nil, prepareDependencies: prepareDependencies
      ).run()
      self.recordedFinal = recorded.state
      self.recordedOrderDivergence = recorded.divergence
    } else {
      self.recordedFinal = nil
      self.recordedOrderDivergence = nil
    }
  }

  /// `runs` runs drawn from `seed`, stopping at the first failure.
  func explore(runs: Int, seed: UInt64) throws -> ChaosResult {
    if let differs = self.recordedOrderDiffers() { return differs }
    var orders = ChaosOrders(windows: self.windows, seed: seed)
    var tried: Set<ChaosSchedule> = []
    for run in 0..<runs {
      let order = orders.order(run: run)
      let schedule = self.windows.schedule(of: order)
      // NB: An order already run passed; it counts as a run without being run again.
      guard tried.insert(schedule).inserted else { continue }
      if let failure = try self.check(order) {
        let (shrunk, shrunkFailure) = self.shrink(order, failure)
        return ChaosResult(
          runs: run + 1, distinctOrders: tried.count,
          failure: self.describe(shrunkFailure, order: shrunk))
      }
    }
    return ChaosResult(runs: runs, distinctOrders: tried.count, failure: nil)
  }

  /// Exactly the run `schedule` stands for.
  func replay(_ schedule: ChaosSchedule) throws -> ChaosResult {
    if let differs = self.recordedOrderDiffers() { return differs }
    let order = try self.windows.order(of: schedule)
    let failure = try self.check(order)
    return ChaosResult(
      runs: 1, distinctOrders: 1, failure: failure.map { self.describe($0, order: order) })
  }

  /// With no predicate, when today's code already diverges in the recorded order: the run of
  /// that order, failed. The final state says nothing about order then.
  func recordedOrderDiffers() -> ChaosResult? {
    guard let divergence = self.recordedOrderDivergence else { return nil }
    let headline = divergence.description.prefix { $0 != "\n" }
    let failure = RunFailure(
      kind: .recordedOrderDiffers, seq: divergence.seq, predicate: nil,
      details: ["  \(headline)"], dropped: [])
    return ChaosResult(
      runs: 1, distinctOrders: 1,
      failure: self.describe(failure, order: Array(self.timeline.inputs.indices)))
  }

  /// Runs `order`; `nil` when the run passes.
  func check(_ order: [Int]) throws -> RunFailure? {
    let collector = IssueCollector()
    var failure: RunFailure?
    var lastSeq: Int64?
    var issues = 0
    let summary = try self.engine.run(order.map { .recorded($0) }, issues: collector) {
      fed, state in
      lastSeq = fed.key.seq
      let reported = collector.reported
      if reported.count > issues {
        failure = RunFailure(
          kind: .issue, seq: fed.key.seq, predicate: nil,
          details: ["  \(reported[issues])"], dropped: [])
        issues = reported.count
        return false
      }
      guard !self.invariants.isEmpty else { return true }
      let value = Reflection.value(of: state)
      for invariant in self.invariants where !Self.holds(invariant.predicate, in: value) {
        failure = RunFailure(
          kind: .invariant, seq: fed.key.seq, predicate: invariant.text,
          details: Self.values(read: invariant.predicate, in: value), dropped: [])
        return false
      }
      return true
    }
    if var failure {
      failure.dropped = summary.dropped
      return failure
    }
    guard let lastSeq, let finalState = summary.finalState else { return nil }
    let value = Reflection.value(of: finalState)
    for final in self.finals where !Self.holds(final.predicate, in: value) {
      return RunFailure(
        kind: .final, seq: lastSeq, predicate: final.text,
        details: Self.values(read: final.predicate, in: value), dropped: summary.dropped)
    }
    if let recorded = self.recordedFinal {
      let differences = recorded.diff(to: value)
      if !differences.isEmpty {
        var details = ["  first differing paths (recorded → this order):"]
        details += differences.prefix(5).map { "    " + DivergenceReport.describe($0) }
        if differences.count > 5 { details.append("    … and \(differences.count - 5) more") }
        return RunFailure(
          kind: .orderSensitive, seq: lastSeq, predicate: nil, details: details,
          dropped: summary.dropped)
      }
    }
    return nil
  }

  /// The failing `order` with as few moved deliveries as still fail the same way: moves are
  /// taken back one at a time while the run keeps failing.
  func shrink(_ order: [Int], _ failure: RunFailure) -> ([Int], RunFailure) {
    var best = (order, failure)
    var moves = self.windows.schedule(of: order).moves
    var shrinking = true
    // NB: A cancelled task (a test past its time limit) stops with the smallest order so far,
    // rather than shrinking on where nothing can stop it.
    while shrinking, !moves.isEmpty, !Task.isCancelled {
      shrinking = false
      for index in moves.indices {
        var fewer = moves
        fewer.remove(at: index)
        guard let candidate = try? self.windows.order(of: ChaosSchedule(moves: fewer)),
          let found = try? self.check(candidate), found.isLike(failure)
        else { continue }
        best = (candidate, found)
        moves = self.windows.schedule(of: candidate).moves
        shrinking = true
        break
      }
    }
    return best
  }

  /// The failure as a person reads it.
  func describe(_ failure: RunFailure, order: [Int]) -> ChaosFailure {
    let schedule = self.windows.schedule(of: order)
    let action = "#\(failure.seq) \(self.name(of: failure.seq))"
    var lines: [String]
    switch failure.kind {
    case .invariant:
      lines = ["invariant \(Self.quoted(failure.predicate!)) does not hold after \(action)"]
    case .final:
      lines = [
        "final \(Self.quoted(failure.predicate!)) does not hold after the last action, \(action)"
      ]
    case .issue:
      lines = ["the runtime reported an issue after \(action):"]
    case .orderSensitive:
      lines = [
        "order-sensitive: the final state differs from the recording's (no predicate was "
          + "given, so this is not necessarily a bug)"
      ]
    case .recordedOrderDiffers:
      lines = ["today's code already differs in the recorded order: see `verify`"]
    }
    lines += failure.details
    if schedule.moves.isEmpty {
      // NB: A recorded order that differs says so in its first line already.
      if failure.kind != .recordedOrderDiffers {
        lines.append("no delivery moved: the recorded order fails too")
      }
    } else {
      lines.append("deliveries moved from their recorded places (\(schedule.moves.count)):")
      for move in schedule.moves {
        var line = "  #\(move.seq) \(self.name(of: move.seq))"
        if let index = self.timeline.indexOfSeq[move.seq],
          case let .effect(id) = self.timeline.inputs[index].origin
        {
          line += " (effect #\(id))"
        }
        line += move.after == 0 ? " delivered first" : " delivered right after #\(move.after)"
        lines.append(line)
      }
    }
    if !failure.dropped.isEmpty {
      lines.append(
        "outputs dropped (their effect did not run or was cancelled before them): "
          + failure.dropped.map { "#\(self.timeline.inputs[$0].seq)" }.joined(separator: ", "))
    }
    return ChaosFailure(
      kind: failure.kind, schedule: schedule.description, seq: failure.seq,
      moved: schedule.moves.count, description: lines.joined(separator: "\n"))
  }

  private func name(of seq: Int64) -> String {
    guard let index = self.timeline.indexOfSeq[seq] else { return "" }
    return self.timeline.inputs[index].recorded?.name ?? "(deny-listed)"
  }

  private static func quoted(_ text: String) -> String { "\"\(text)\"" }

  /// Whether `predicate` holds in `state`, where `PATH.count` reads the length of an array or
  /// a string (`results.count <= 10`).
  static func holds(_ predicate: StatePredicate, in state: TraceValue) -> Bool {
    predicate.holds { Self.value(at: $0, in: state) }
  }

  /// The value at `path`; `PATH.count` of an array or a string without a `count` field is its
  /// length.
  static func value(at path: TracePath, in state: TraceValue) -> TraceValue? {
    if let value = state.value(at: path) { return value }
    guard path.components.last == .field("count") else { return nil }
    switch state.value(at: TracePath(Array(path.components.dropLast()))) {
    case let .array(elements): return .int(Int64(elements.count))
    case let .string(text): return .int(Int64(text.count))
    default: return nil
    }
  }

  /// The values the predicate read, one line each: `  resultsFor = "ab"`.
  static func values(read predicate: StatePredicate, in state: TraceValue) -> [String] {
    var read: [(TracePath, TraceValue?)] = []
    _ = predicate.holds { path in
      let value = Self.value(at: path, in: state)
      if !read.contains(where: { $0.0 == path }) { read.append((path, value)) }
      return value
    }
    return read.map { path, value in
      "  \(path) = \(value.map { $0.oneLine(limit: 80) } ?? "(absent)")"
    }
  }
}
