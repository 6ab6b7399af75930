import ComposableRuntime
import Foundation
import Trace

/// Re-runs a recorded session against today's reducer, deterministically, and reports the first
/// point where it diverges from the recording.
///
/// ```swift
/// let replay = try Replay(path: "session.sqlite")          // one-line error if it cannot replay
/// let result = try await replay.run(AppFeature())           // hermetic
/// if let divergence = result.divergence {
///   print(divergence.description)                           // a report a person reads
/// }
/// let live = try await replay.run(AppFeature(), mode: .liveEffects) { $0.factClient = .mock }
/// ```
///
/// - ``Mode/hermetic`` (the default) feeds every recorded input, sent from outside or sent back
///   by effects, to a store whose effects are tracked but not run (``EffectExecution/tracked``),
///   on a `TestClock`, with the recorded values of `uuid`, `date` and the random number generator.
///   After each action it compares the state hash, the effects started and cancelled, and the
///   dependency values read.
/// - ``Mode/liveEffects`` feeds only the inputs sent from outside; the effects run for real, on a
///   `TestClock`, with the caller's dependencies but the recorded values of `uuid`, `date` and the
///   random number generator (those reducers and those effects read). After each action it
///   compares the state hash and the dependency values read, and the actions effects send back
///   are compared with the recording's; the first difference in the recording's order is
///   reported.
public struct Replay: Sendable {
  /// How a replay treats effects.
  public enum Mode: String, Sendable, CaseIterable {
    /// Effects are tracked, not run; their recorded outputs are fed as inputs.
    case hermetic
    /// Effects run; the state after each action and the actions they send back are compared
    /// with the recording's.
    case liveEffects
  }

  /// The trace's path.
  public let path: String
  let reader: TraceReader
  /// The recording as edited replays and chaos runs use it, read once.
  let timelineCache = TimelineCache()

  /// Opens the trace at `path` for replay, failing with a one-line ``ReplayError`` when it cannot
  /// be read or cannot be replayed (a trace recorded before replay, a feature that is not
  /// `Codable`, redacted values).
  public init(path: String) throws {
    self.path = path
    do {
      self.reader = try TraceReader(path: path)
    } catch {
      throw ReplayError("\(error)")
    }
    var reason: String?
    do {
      reason = try self.reader.notReplayable()
      if reason == nil, let lost = try self.reader.notCaptured()[.overMemoryLimit], lost > 0 {
        // NB: Events past the memory limit leave holes a replay cannot fill.
        reason = "not replayable: \(lost) events past the recorder's memory limit were not captured"
      }
    } catch {
      throw ReplayError("\(error)")
    }
    if let reason { throw ReplayError("\(path): \(reason)") }
  }

  /// The root feature's state type the trace was recorded with, as `String(reflecting:)` names it.
  public var recordedStateType: String { self.reader.header.stateType }

  /// Re-runs the recording through `reducer`.
  ///
  /// - Parameters:
  ///   - mode: ``Mode/hermetic`` (default) or ``Mode/liveEffects``.
  ///   - from: start at the Codable keyframe after this action instead of at the beginning; a
  ///     long session's tail replays fast. It must be the seq of a keyframe.
  ///   - prepareDependencies: the caller's dependencies: those the effects use in live mode,
  ///     and in both modes those the reducer calls itself as it runs. `uuid`, `date` and the
  ///     random number generator are the recorded values in both modes, whatever this sets.
  /// - Returns: how many actions were replayed, and the first divergence, if any.
  /// - Throws: a one-line ``ReplayError`` when the trace records another feature, when `from` is
  ///   not at a keyframe, or when the recorded state no longer decodes.
  @MainActor
  public func run<R: Reducer>(
    _ reducer: R, mode: Mode = .hermetic, from: Int64? = nil,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async throws -> ReplayResult where R.State: Codable, R.Action: Codable {
    try self.checkRootType(R.State.self)
    // NB: Shared values decoded with the recorded state, and those the reducer declares, are kept
    // apart from the app's: putting back a recorded setting must not write the app's own
    // `UserDefaults` or files.
    return try await withDependencies { $0.isolateSharedStorage() } operation: {
      try await self.run(reducer, mode: mode, from: from, prepareDependencies: prepareDependencies)
    }
  }

  @MainActor
  private func run<R: Reducer>(
    _ reducer: R, mode: Mode, from: Int64?,
    prepareDependencies: @escaping (inout DependencyValues) -> Void
  ) async throws -> ReplayResult where R.State: Codable, R.Action: Codable {
    let start = try self.startingPoint(R.State.self, from: from ?? 0)
    do {
      switch mode {
      case .hermetic:
        return try HermeticReplay(
          reader: self.reader, reducer: reducer, start: start,
          prepareDependencies: prepareDependencies
        ).run()
      case .liveEffects:
        return try await LiveReplay(
          reader: self.reader, reducer: reducer, start: start,
          prepareDependencies: prepareDependencies
        ).run()
      }
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(self.path): \(error)")
    }
  }

  /// Fails unless the trace was recorded from a store of `State`.
  func checkRootType(_ state: Any.Type) throws {
    let expected = String(reflecting: state)
    guard self.reader.header.stateType == expected else {
      throw ReplayError(
        "\(self.path): records \(self.reader.header.stateType), not \(expected); replay it with "
          + "the feature it was recorded from")
    }
  }

  /// The decoded state to start from and the seq it follows.
  func startingPoint<State: Decodable>(_: State.Type, from seq: Int64) throws -> StartingPoint<
    State
  > {
    let keyframe: (seq: Int64, json: Data)?
    do {
      keyframe = try self.reader.codableKeyframe(atOrBefore: seq)
    } catch {
      throw ReplayError("\(error)")
    }
    guard let keyframe, keyframe.seq == seq else {
      throw ReplayError(
        "\(self.path): no Codable keyframe at #\(seq); start from 0 or a keyframe's seq "
          + "(every \(self.reader.header.keyframeInterval) actions)")
    }
    do {
      let state = try JSONDecoder().decode(State.self, from: keyframe.json)
      let hash: StateHash
      if seq == 0 {
        hash = StateHash(initial: try self.reader.state(at: 0))
      } else {
        guard let action = try self.reader.action(seq) else {
          throw ReplayError("\(self.path): no action #\(seq)")
        }
        hash = StateHash(value: action.stateHash)
      }
      return StartingPoint(seq: seq, state: state, hash: hash)
    } catch let error as ReplayError {
      throw error
    } catch let error as DecodingError {
      throw ReplayError(
        "\(self.path): the state recorded at #\(seq) no longer decodes as "
          + "\(String(reflecting: State.self)): \(ReplayError.oneLine(error))")
    } catch {
      throw ReplayError("\(error)")
    }
  }
}

/// Where a replay starts: after action `seq`, from `state`, whose chained hash is `hash`.
struct StartingPoint<State> {
  let seq: Int64
  let state: State
  let hash: StateHash
}
