import ComposableRuntime
import Foundation

/// A root feature an executable can replay traces of, matched by the trace header's root state
/// type: how `tca-replay replay` and `verify` (and a user's own executable) register reducers.
///
/// ```swift
/// let features = [ReplayableFeature { AppFeature() }]
/// let result = try await Replay.run(path: "session.sqlite", features: features)
/// ```
public struct ReplayableFeature: Sendable {
  /// The root state type's name, as a trace header stores it (`String(reflecting:)`).
  public let stateType: String
  let run: @MainActor @Sendable (Replay, Replay.Mode, Int64?) async throws -> ReplayResult
  /// An edited replay, with each edit's action given as its JSON encoding.
  let runEdited:
    @MainActor @Sendable (Replay, [ReplayEdit<Data>], Int64?) async throws -> ReplayResult
  /// A chaos exploration, or the replay of one schedule.
  let explore: @MainActor @Sendable (Replay, ChaosRequest) async throws -> ChaosResult

  /// Registers the feature `makeReducer` builds.
  ///
  /// - Parameter liveDependencies: the dependencies its effects use when they run, in live mode
  ///   (as the app was recorded: the same clients), and, in every replay (hermetic, edited and
  ///   chaos runs too), those its reducer calls itself as it runs (a permission's status, as the
  ///   recording had it). `uuid`, `date` and the random number generator are the recorded
  ///   values whatever this sets, and a hermetic replay's clocks are its own.
  public init<R: Reducer>(
    _ makeReducer: @escaping @MainActor @Sendable () -> R,
    liveDependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in }
  ) where R.State: Codable, R.Action: Codable {
    self.stateType = String(reflecting: R.State.self)
    self.run = { replay, mode, from in
      try await replay.run(
        makeReducer(), mode: mode, from: from, withDependencies: liveDependencies)
    }
    self.runEdited = { replay, edits, stateAt in
      let decoder = JSONDecoder()
      let typed = try edits.map { edit in
        try edit.map { json in
          do {
            return try decoder.decode(R.Action.self, from: json)
          } catch {
            throw ReplayError(
              "the action given for #\(edit.seq) does not decode as "
                + "\(String(reflecting: R.Action.self)): \(ReplayError.decoding(error))")
          }
        }
      }
      return try await replay.run(
        makeReducer(), edits: typed, stateAt: stateAt, withDependencies: liveDependencies)
    }
    self.explore = { replay, request in
      if let schedule = request.schedule {
        return try await replay.explore(
          makeReducer(), schedule: schedule, invariants: request.invariants,
          final: request.final, withDependencies: liveDependencies)
      }
      return try await replay.explore(
        makeReducer(), runs: request.runs, seed: request.seed, invariants: request.invariants,
        final: request.final, withDependencies: liveDependencies)
    }
  }
}
