import Foundation
import Replay

/// What `tca-replay replay TRACE` and `tca-replay verify TRACE` print and exit with, so that the
/// commands (and a user's own executable registering their features) stay one call each.
///
/// - identical: `identical: N actions replayed`, exit 0;
/// - diverged: the report (``Divergence/description``), exit 1;
/// - cannot replay (no such file, not a trace, not replayable, a feature nobody registered, a
///   `from` that is not a keyframe): one line on standard error, exit 2.
///
/// ```swift
/// let verdict = await ReplayVerdict.run(path: "session.sqlite", features: features)
/// print(verdict.output, terminator: "")
/// ```
public struct ReplayVerdict: Sendable, Equatable {
  /// What goes to standard output.
  public var output: String
  /// What goes to standard error: one line, or nothing.
  public var error: String
  /// 0 identical, 1 diverged, 2 could not replay.
  public var exitCode: Int32

  public init(output: String, error: String, exitCode: Int32) {
    self.output = output
    self.error = error
    self.exitCode = exitCode
  }

  /// Replays the trace at `path` with the registered feature whose state type the trace records
  /// (``Replay/run(path:features:mode:from:)``) and says what came of it.
  @MainActor
  public static func run(
    path: String, features: [ReplayableFeature], mode: Replay.Mode = .hermetic,
    from: Int64? = nil
  ) async -> ReplayVerdict {
    let result: ReplayResult
    do {
      result = try await Replay.run(path: path, features: features, mode: mode, from: from)
    } catch {
      return ReplayVerdict(output: "", error: "error: \(error)\n", exitCode: 2)
    }
    guard let divergence = result.divergence else {
      return ReplayVerdict(
        output: "identical: \(result.replayedActions) actions replayed (\(mode.rawValue))\n",
        error: "", exitCode: 0)
    }
    return ReplayVerdict(output: divergence.description + "\n", error: "", exitCode: 1)
  }
}
