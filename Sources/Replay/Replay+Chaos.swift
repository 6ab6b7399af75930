import ComposableRuntime
import Trace

extension Replay {
  /// Replays the recording `runs` times, hermetically, each time with the outputs of the effects
  /// that were in flight together delivered in another order, and reports the first run that
  /// fails: "does my feature survive its effects answering in another order?"
  ///
  /// ```swift
  /// let chaos = try await replay.explore(Lookup(), runs: 500, seed: 1,
  ///                                      invariants: ["results.count <= 10"],
  ///                                      final: ["resultsFor == query"])
  /// chaos.runs                  // runs made (stops at the first failure)
  /// chaos.failure?.schedule     // "v1:8@9": replays exactly that run
  /// chaos.failure?.description  // what failed, after which action, the deliveries moved
  /// ```
  ///
  /// Inputs sent from outside keep their places; between two of them, the outputs of `.run`
  /// effects are delivered in another order, each effect's in its own order and never before
  /// the action that started it. An output is dropped when its effect was cancelled before it in
  /// this run, as the runtime would. Orders are drawn from `seed`: odd runs at random, even runs
  /// with PCT-style priority changes (Burckhardt et al.), so bugs needing a few reorderings are
  /// found in few runs; an order already run is not run again.
  ///
  /// A run fails when an invariant does not hold after some action, a `final` predicate does not
  /// hold after the last one, or the runtime reports an issue; with no predicate, when the final
  /// state differs from the one the recorded order ends in (``ChaosFailure/Kind/orderSensitive``).
  /// With no predicate, when today's code already diverges from the recording in the recorded
  /// order, no other order is tried (``ChaosFailure/Kind/recordedOrderDiffers``). The failing
  /// run's schedule is shrunk to the fewest deliveries moved from their recorded places.
  ///
  /// - Parameters:
  ///   - invariants: predicates over the state (see `StatePredicate`) that must hold after every
  ///     action.
  ///   - final: predicates that must hold after the last action.
  ///   - prepareDependencies: the caller's dependencies, which answer what the reducer itself
  ///     calls as it runs; the clocks and the recorded `uuid`, `date` and random values stand
  ///     whatever this sets.
  /// - Throws: a one-line ``ReplayError`` when the trace records another feature or a predicate
  ///   does not parse.
  @MainActor
  public func explore<R: Reducer>(
    _ reducer: R, runs: Int = 100, seed: UInt64 = 0, invariants: [String] = [],
    final: [String] = [],
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async throws -> ChaosResult where R.State: Codable, R.Action: Codable {
    try await self.chaos(
      reducer, invariants: invariants, final: final, prepareDependencies: prepareDependencies
    ) {
      try $0.explore(runs: max(runs, 0), seed: seed)
    }
  }

  /// Replays exactly the chaos run `schedule` stands for (as ``ChaosFailure/schedule`` printed
  /// it) and checks it as ``explore(_:runs:seed:invariants:final:withDependencies:)`` does.
  ///
  /// ```swift
  /// let again = try await replay.explore(Lookup(), schedule: "v1:8@9", invariants: [],
  ///                                      final: ["resultsFor == query"])
  /// again.failure != nil  // true
  /// ```
  ///
  /// - Throws: a one-line ``ReplayError`` when the schedule does not parse or does not fit the
  ///   trace (it moves an input that keeps its place, or an output out of its window).
  @MainActor
  public func explore<R: Reducer>(
    _ reducer: R, schedule: String, invariants: [String] = [], final: [String] = [],
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async throws -> ChaosResult where R.State: Codable, R.Action: Codable {
    let parsed = try ChaosSchedule(parsing: schedule)
    return try await self.chaos(
      reducer, invariants: invariants, final: final, prepareDependencies: prepareDependencies
    ) {
      try $0.replay(parsed)
    }
  }

  @MainActor
  private func chaos<R: Reducer>(
    _ reducer: R, invariants: [String], final: [String],
    prepareDependencies: @escaping (inout DependencyValues) -> Void,
    _ body: (ChaosExplorer<R>) throws -> ChaosResult
  ) async throws -> ChaosResult where R.State: Codable, R.Action: Codable {
    try self.checkRootType(R.State.self)
    let timeline: RecordedTimeline
    do {
      timeline = try self.timelineCache.timeline(self.reader)
      let explorer = try ChaosExplorer(
        reader: self.reader, timeline: timeline,
        actions: self.timelineCache.actions(R.Action.self, of: timeline), reducer: reducer,
        invariants: invariants, final: final, prepareDependencies: prepareDependencies)
      do {
        return try body(explorer)
      } catch let error as UndecodableInput {
        throw ReplayError("\(self.path): #\(timeline.inputs[error.index].seq): \(error.message)")
      }
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(self.path): \(error)")
    }
  }
}
