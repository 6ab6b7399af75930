import ComposableRuntime
import Foundation
import Replay
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
  /// Candidates are replayed hermetically with today's reducer (`Replay.run(_:edits:)` with the
  /// other inputs skipped); an effect's recorded outputs are fed only when the candidate started
  /// that effect. The search is ddmin over the inputs, then a pass that tries to remove each one.
  ///
  /// - Throws: a one-line ``TestGenerationError`` when the predicate does not parse, or when the
  ///   whole recording does not reach it.
  @MainActor
  public func shrink<R: Reducer>(
    _ reducer: R, to predicate: String, testName: String = "recordedSession",
    module: String? = nil, options: Options = Options()
  ) async throws -> ShrunkTest where R.State: Codable & Equatable, R.Action: Codable {
    try await self.shrink(
      reducer, goal: .predicate(predicate), testName: testName, module: module, options: options)
  }

  /// Shrinks to `goal`: a predicate the state reaches, or an issue the runtime reports.
  @MainActor
  public func shrink<R: Reducer>(
    _ reducer: R, goal: ShrinkGoal, testName: String = "recordedSession",
    module: String? = nil, options: Options = Options()
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
    let reproduces: @MainActor ([Int64]) async throws -> Bool = { kept in
      let keptSet = Set(kept)
      let edits = outside.filter { !keptSet.contains($0) }.map { ReplayEdit<R.Action>.skip($0) }
      let result = try await replay.run(reducer, edits: edits, stateAt: options.until)
      if let parsed {
        guard let state = result.state else { return false }
        return parsed.holds(in: state)
      }
      return !result.issues.isEmpty
    }
    var search = DeltaDebugging(inputs: outside, reproduces: reproduces)
    let kept: [Int64]
    do {
      guard try await reproduces(outside) else {
        let what =
          switch goal {
          case let .predicate(text): "a state where \(text) holds"
          case .issue: "an issue reported by the runtime"
          }
        throw TestGenerationError(
          "\(self.path): expected the recording to reach \(what) with today's reducer; it does not")
      }
      kept = try await search.minimize()
    } catch let error as TestGenerationError {
      throw error
    } catch {
      throw TestGenerationError("\(error)")
    }
    let keptSet = Set(kept)
    let result = try await replay.run(
      reducer, edits: outside.filter { !keptSet.contains($0) }.map { .skip($0) },
      stateAt: options.until)
    let dropped = Set(result.droppedOutputs)
    let delivered = Set(
      inputs.filter { input in
        if case .effect = input.origin { return !dropped.contains(input.seq) }
        return keptSet.contains(input.seq)
      }.map(\.seq))
    let session: RecordedSession<R>
    do {
      session = try self.readSession(reducer, until: options.until, keeping: delivered)
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
      recordedInputs: outside.count)
  }

  /// The module a type is declared in, as `String(reflecting:)` names it.
  static func module(of type: Any.Type) -> String {
    String(String(reflecting: type).prefix { $0 != "." })
  }
}
