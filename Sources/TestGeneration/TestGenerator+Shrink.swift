import ComposableRuntime
import Foundation
import Recorder
import Replay
import StateReflection
import Trace

extension TestGenerator {
  /// What a shrunk recording must still do.
  public enum ShrinkGoal: Hashable, Sendable {
    /// Reach a state where the predicate holds (`counter.count > 10`), after the last input.
    case predicate(String)
    /// Make the runtime report an issue (an action for a child whose state is gone, an effect
    /// failure nothing caught).
    case issue
  }

  /// Finds the fewest inputs sent from outside under which today's reducer still reaches
  /// `predicate`, and writes their test: non-exhaustive steps, then `#expect` of the predicate's
  /// negation, so the test fails while the bug is there and passes once it is fixed.
  ///
  /// The oracle is the test it writes. A candidate is first replayed hermetically with today's
  /// reducer (`Replay.run(_:edits:)` with the other inputs skipped, an effect's recorded outputs
  /// fed when the candidate started that effect), which is quick; one that reaches the predicate
  /// there is then run as its test would run it (``LiveCandidate``): effects live on a
  /// `TestClock`, the recorded `uuid`, `date` and random values, and `prepareDependencies`, the
  /// dependencies the test's `withDependencies` gives (`options.dependencies` in Swift source).
  /// It counts only if that run reaches the predicate too, so an effect that captured the state
  /// when it started answers with the candidate's state, not the recording's. The test is
  /// written from that run, recorded: it fails at its final expectation and nowhere else. The
  /// search is ddmin over the inputs, then a pass that tries to remove each one.
  ///
  /// - Throws: a one-line ``TestGenerationError`` when the predicate does not parse, or when the
  ///   whole recording does not reach it.
  @MainActor
  public func shrink<R: Reducer>(
    _ reducer: R, to predicate: String, testName: String = "recordedSession",
    module: String? = nil, options: Options = Options(),
    withDependencies prepareDependencies: @escaping @MainActor (inout DependencyValues) -> Void = {
      _ in
    }
  ) async throws -> ShrunkTest where R.State: Codable & Equatable, R.Action: Codable {
    try await self.shrink(
      reducer, goal: .predicate(predicate), testName: testName, module: module, options: options,
      withDependencies: prepareDependencies)
  }

  /// Shrinks to `goal`: a predicate the state reaches, or an issue the runtime reports.
  @MainActor
  public func shrink<R: Reducer>(
    _ reducer: R, goal: ShrinkGoal, testName: String = "recordedSession",
    module: String? = nil, options: Options = Options(),
    withDependencies prepareDependencies: @escaping @MainActor (inout DependencyValues) -> Void = {
      _ in
    }
  ) async throws -> ShrunkTest where R.State: Codable & Equatable, R.Action: Codable {
    let parsed: StatePredicate?
    switch goal {
    case let .predicate(text):
      do {
        parsed = try StatePredicate(parsing: text)
      } catch {
        throw TestGenerationError("\(error)")
      }
    case .issue:
      parsed = nil
    }
    let module = module ?? Self.module(of: R.self)
    let inputs: [ReplayInput]
    do {
      inputs = try self.reader.replayInputs().filter { $0.seq <= (options.until ?? .max) }
    } catch {
      throw TestGenerationError("\(error)")
    }
    let outside = inputs.filter { $0.origin == .send }.map(\.seq)
    let replay = self.replay
    let live: LiveCandidate<R>
    do {
      live = try LiveCandidate(
        reducer: reducer, reader: self.reader, until: options.until,
        prepareDependencies: prepareDependencies)
    } catch let error as TestGenerationError {
      throw error
    } catch {
      throw TestGenerationError("\(self.path): \(error)")
    }
    /// Whether the end of a run is the goal.
    func reached(state: TraceValue?, issues: [String]) -> Bool {
      if let parsed {
        guard let state else { return false }
        return parsed.holds(in: state)
      }
      return !issues.isEmpty
    }
    var liveRuns = 0
    let hermetic: @MainActor ([Int64]) async throws -> Bool = { kept in
      let keptSet = Set(kept)
      let edits = outside.filter { !keptSet.contains($0) }.map { ReplayEdit<R.Action>.skip($0) }
      let result = try await replay.run(reducer, edits: edits, stateAt: options.until)
      return reached(state: result.state, issues: result.issues)
    }
    let runsAsItsTest: @MainActor ([Int64]) async -> Bool = { kept in
      liveRuns += 1
      let outcome = await live.run(keeping: Set(kept))
      return reached(state: Reflection.value(of: outcome.state), issues: outcome.issues)
    }
    let reproduces: @MainActor ([Int64]) async throws -> Bool = { kept in
      guard try await hermetic(kept) else { return false }
      return await runsAsItsTest(kept)
    }
    let what =
      switch goal {
      case let .predicate(text): "a state where \(text) holds"
      case .issue: "an issue reported by the runtime"
      }
    var search = DeltaDebugging(inputs: outside, reproduces: reproduces)
    let kept: [Int64]
    do {
      guard try await hermetic(outside) else {
        throw TestGenerationError(
          "\(self.path): expected the recording to reach \(what) with today's reducer; it does not")
      }
      guard await runsAsItsTest(outside) else {
        throw TestGenerationError(
          "\(self.path): expected the recording to reach \(what) when its effects run as a "
            + "test's do (on a TestClock, with the test's dependencies); it does only with the "
            + "recorded effect outputs fed back: give the dependencies the effects call")
      }
      kept = try await search.minimize()
    } catch let error as TestGenerationError {
      throw error
    } catch {
      throw TestGenerationError("\(error)")
    }
    let session: RecordedSession<R>
    do {
      session = try await self.recordedRun(of: live, keeping: Set(kept), reducer: reducer)
    } catch let error as TestGenerationError {
      throw error
    } catch {
      throw TestGenerationError("\(self.path): \(error)")
    }
    var writer = try TestWriter<R>(
      session: session, testName: testName, module: module, options: options)
    writer.writeShrunk(goal: goal)
    return ShrunkTest(
      keptInputs: kept, test: try writer.finish(), candidateReplays: search.tests + 1,
      liveRuns: liveRuns, recordedInputs: outside.count)
  }

  /// The kept inputs' run, as the test will run it, recorded and read back as a session to
  /// write.
  @MainActor
  private func recordedRun<R: Reducer>(
    of live: LiveCandidate<R>, keeping kept: Set<Int64>, reducer: R
  ) async throws -> RecordedSession<R> where R.State: Codable & Equatable, R.Action: Codable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tca-replay-shrink-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shrunk.sqlite").path
    let recorder = try Recorder(path: path)
    _ = await live.run(keeping: kept, recordingTo: recorder)
    await recorder.finish()
    return try TestGenerator(path: path).readSession(reducer, until: nil)
  }

  /// The module a type is declared in, as `String(reflecting:)` names it.
  static func module(of type: Any.Type) -> String {
    String(String(reflecting: type).prefix { $0 != "." })
  }
}
