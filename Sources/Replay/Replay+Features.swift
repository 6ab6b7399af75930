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
    guard let feature = features.first(where: { $0.stateType == replay.recordedStateType }) else {
      let known = features.map(\.stateType).joined(separator: ", ")
      throw ReplayError(
        "\(path): records \(replay.recordedStateType); this executable replays "
          + (known.isEmpty ? "no feature" : known))
    }
    do {
      return try await feature.run(replay, mode, from)
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(error)")
    }
  }
}
