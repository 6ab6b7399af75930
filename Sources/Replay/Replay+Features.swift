import Foundation

extension Replay {
  /// Replays the trace at `path` with the one of `features` whose root state type the trace
  /// records: what `tca-replay replay` and `verify` (and a team's own executable) run.
  ///
  /// ```swift
  /// let result = try await Replay.run(
  ///   path: "session.sqlite", features: [ReplayableFeature { AppFeature() }])
  /// result.divergence  // nil when today's reducer does what the recording did
  /// ```
  ///
  /// - Throws: a one-line ``ReplayError`` when the trace cannot be replayed: no such file, not a
  ///   trace, not replayable, a feature none of `features` is, a `from` that is not a keyframe.
  @MainActor
  public static func run(
    path: String, features: [ReplayableFeature], mode: Mode = .hermetic, from: Int64? = nil
  ) async throws -> ReplayResult {
    let replay = try Replay(path: path)
    let feature = try replay.feature(in: features)
    do {
      return try await feature.run(replay, mode, from)
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(error)")
    }
  }
}

extension Replay {
  /// An edited replay (``Replay/run(_:edits:stateAt:withDependencies:)``) of the trace at
  /// `path` with the one of `features` whose root state type the trace records, each edit's
  /// action given as its JSON encoding: what `tca-replay replay --skip/--replace/--insert-after`
  /// runs.
  ///
  /// ```swift
  /// let result = try await Replay.run(
  ///   path: "session.sqlite", features: features,
  ///   edits: [.skip(12), .replace(30, with: Data(#"{"clearFactsButtonTapped":{}}"#.utf8))])
  /// ```
  ///
  /// - Throws: a one-line ``ReplayError`` as ``run(path:features:mode:from:)`` does, and when an
  ///   action does not decode as the feature's `Action` (naming the seq it was given for).
  @MainActor
  public static func run(
    path: String, features: [ReplayableFeature], edits: [ReplayEdit<Data>], stateAt: Int64? = nil
  ) async throws -> ReplayResult {
    let replay = try Replay(path: path)
    let feature = try replay.feature(in: features)
    do {
      return try await feature.runEdited(replay, edits, stateAt)
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(error)")
    }
  }

  /// The one of `features` whose root state type this trace records.
  func feature(in features: [ReplayableFeature]) throws -> ReplayableFeature {
    guard let feature = features.first(where: { $0.stateType == self.recordedStateType }) else {
      let known = features.map(\.stateType).joined(separator: ", ")
      throw ReplayError(
        "\(self.path): records \(self.recordedStateType); this executable replays "
          + (known.isEmpty ? "no feature" : known)
          + "; replay it with `swift package tca-replay` in the package that declares it, or an "
          + "executable that registers that feature (ReplayableFeatures)")
    }
    return feature
  }
}

/// What a type-erased chaos exploration is asked.
struct ChaosRequest: Sendable {
  var runs: Int
  var seed: UInt64
  var schedule: String?
  var invariants: [String]
  var final: [String]
}

extension Replay {
  /// A chaos exploration (``Replay/explore(_:runs:seed:invariants:final:withDependencies:)``,
  /// or with `schedule` ``Replay/explore(_:schedule:invariants:final:withDependencies:)``) of
  /// the trace at `path` with the one of `features` whose root state type the trace records:
  /// what `tca-replay chaos` runs.
  ///
  /// ```swift
  /// let chaos = try await Replay.explore(
  ///   path: "search.sqlite", features: features, runs: 100, final: ["resultsFor == query"])
  /// ```
  @MainActor
  public static func explore(
    path: String, features: [ReplayableFeature], runs: Int = 100, seed: UInt64 = 0,
    schedule: String? = nil, invariants: [String] = [], final: [String] = []
  ) async throws -> ChaosResult {
    let replay = try Replay(path: path)
    let feature = try replay.feature(in: features)
    do {
      return try await feature.explore(
        replay,
        ChaosRequest(
          runs: runs, seed: seed, schedule: schedule, invariants: invariants, final: final))
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(error)")
    }
  }
}
