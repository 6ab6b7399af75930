import ComposableRuntime
import DemoApp
import Foundation
import ReducerRecording
import TestSupport
import Testing
import Trace

/// The demo's scripted session recorded through TCA's public API (the reducer operator), against
/// the same session recorded through the runtime's hooks (the built tool's `demo`): the same
/// actions, origins, diffs and state hashes, and effects that differ only as documented.
@MainActor
@Suite(.serialized)
struct DemoSessionThroughReducerTests {
  static func recordThroughReducer(to path: String) async throws {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      DemoSession.dependencies(clock: clock)(&$0)
    }
    // NB: On the main serial executor, as the tool's `demo` runs it: effects then go the same
    // way every run, so the two recordings can be compared action by action.
    await withMainSerialExecutor {
      await DemoSession.run(store, clock: clock)
    }
    await recorder.finish()
  }

  static func bothTraces() async throws -> (hooks: TraceReader, reducer: TraceReader) {
    let hooksPath = temporaryTracePath("hooks")
    let run = try ToolRun(["demo", "--trace", hooksPath])
    #expect(run.status == 0, "\(run.errors)")
    let reducerPath = temporaryTracePath("reducer")
    try await Self.recordThroughReducer(to: reducerPath)
    return (try TraceReader(path: hooksPath), try TraceReader(path: reducerPath))
  }

  @Test(.timeLimit(.minutes(2)))
  func theSessionRecordsTheSameActionsDiffsAndEffectOutputs() async throws {
    let (hooks, reducer) = try await Self.bothTraces()
    #expect(hooks.header.recordedBy == .hooks)
    #expect(reducer.header.recordedBy == .reducer)
    #expect(reducer.header.finishedCleanly)
    #expect(reducer.header.stateType == hooks.header.stateType)

    let hookActions = try hooks.actions(in: 1...Int64.max)
    let reducerActions = try reducer.actions(in: 1...Int64.max)
    #expect(hookActions.count == reducerActions.count)
    #expect(hookActions.count > 50)
    let hookEffects = Dictionary(uniqueKeysWithValues: try hooks.effects().map { ($0.start.id, $0) })
    let reducerEffects = Dictionary(
      uniqueKeysWithValues: try reducer.effects().map { ($0.start.id, $0) })
    for (hook, recorded) in zip(hookActions, reducerActions) {
      #expect(recorded.seq == hook.seq)
      #expect(recorded.name == hook.name, "#\(hook.seq)")
      #expect(recorded.payload == hook.payload, "#\(hook.seq) \(hook.name)")
      #expect(recorded.diff == hook.diff, "#\(hook.seq) \(hook.name)")
      #expect(recorded.stateHash == hook.stateHash, "#\(hook.seq) \(hook.name)")
      // Documented: no send sites through TCA's public API.
      #expect(recorded.site == nil)
      // An action an effect sent came, in both, from an effect the same action started.
      switch (hook.origin, recorded.origin) {
      case (.send, .send), (.shared, .shared): break
      case let (.effect(hookEffect), .effect(reducerEffect)):
        #expect(
          hookEffects[hookEffect]?.start.actionSeq == reducerEffects[reducerEffect]?.start.actionSeq,
          "#\(hook.seq) \(hook.name)")
      default:
        Issue.record("#\(hook.seq) \(hook.name): \(hook.origin) through hooks, \(recorded.origin)")
      }
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func effectsAreOnePerActionAndEndWithoutGuessing() async throws {
    let (hooks, reducer) = try await Self.bothTraces()
    let hookStarters = Set(try hooks.effects().map(\.start.actionSeq))
    let reducerEffects = try reducer.effects()
    let reducerStarters = reducerEffects.map(\.start.actionSeq)
    // One effect per action that returned any, all of the kind the reducer path records.
    #expect(Set(reducerStarters).count == reducerStarters.count)
    #expect(reducerEffects.allSatisfy { $0.start.kind == .returned })
    #expect(reducerEffects.allSatisfy { $0.start.name == nil && $0.start.cancelIDs.isEmpty })
    // Every action that started an effect through the hooks returned one through the reducer;
    // the reducer path has more only for actions whose effect starts no work: a `.cancel(id:)`,
    // or the navigation reducers cancelling a dismissed child's effects. Those send nothing.
    #expect(hookStarters.isSubset(of: Set(reducerStarters)))
    let actions = try reducer.actions(in: 1...Int64.max)
    let name = Dictionary(uniqueKeysWithValues: actions.map { ($0.seq, $0.name) })
    let extras = Set(reducerStarters).subtracting(hookStarters)
    #expect(
      Set(extras.compactMap { name[$0] }) == [
        "counter.view.toggleTimerButtonTapped", "items.destination.dismiss", "items.path.popFrom",
        "profile.alert.dismiss", "profile.alert.presented.confirmSave",
        "profile.dialog.presented.resetName",
      ])
    for extra in extras {
      let effect = try #require(reducerEffects.first { $0.start.actionSeq == extra })
      #expect(effect.end?.actionsSent == 0, "#\(extra)")
    }
    // No effect ends as `finished`: a finish and a cancellation by id end alike.
    let outcomes = reducerEffects.compactMap(\.end?.outcome)
    #expect(!outcomes.isEmpty)
    #expect(outcomes.allSatisfy { $0 == .ended || $0 == .cancelled(.taskCancelled) })
    // The actions sent back are counted on the effect that sent them.
    let sentBack = actions.filter {
      if case .effect = $0.origin { true } else { false }
    }
    #expect(reducerEffects.compactMap(\.end?.actionsSent).reduce(0, +) <= sentBack.count)
    #expect(!sentBack.isEmpty)
    // No child-scope timings without scopes marked.
    #expect(try reducer.scopes(of: 1).isEmpty)
  }

  @Test(.timeLimit(.minutes(2)))
  func theReadingCommandsProfileAndExportsReadIt() async throws {
    let path = temporaryTracePath("reducer")
    try await Self.recordThroughReducer(to: path)
    let info = try ToolRun(["info", path])
    #expect(info.status == 0, "\(info.errors)")
    #expect(info.output.contains("recorded by       reducer operator (TCA's public API)"))
    #expect(info.output.contains("no send sites"))
    #expect(info.output.contains("replayable        no — recorded through TCA's public API"))
    let infoJSON = try ToolRun(["info", path, "--json"])
    #expect(infoJSON.output.contains(#""recordedBy":"reducer""#))
    #expect(infoJSON.output.contains(#""replayable":false"#))
    // Replay is not built for such traces yet: it says so in one line, with exit status 2.
    let verify = try ToolRun(["verify", path])
    #expect(verify.status == 2)
    #expect(verify.errors.contains("recorded through TCA's public API"), "\(verify.errors)")
    #expect(verify.errors.split(separator: "\n").count == 1, "\(verify.errors)")
    let effects = try ToolRun(["effects", path])
    #expect(effects.status == 0, "\(effects.errors)")
    #expect(effects.output.contains("returned"))
    #expect(effects.output.contains("ended (finished or cancelled by id)"))
    for arguments in [
      ["log", path], ["show", path, "5"], ["diff", path, "5"], ["changes", path, "counter.count"],
      ["find", path, "counter.count > 3"], ["why", path, "counter.count"], ["scopes", path, "5"],
      ["profile", path], ["profile", path, "--json"],
      ["export", path, "--chrome-trace", temporaryTracePath("chrome") + ".json"],
      ["export", path, "--otlp", temporaryTracePath("otlp") + ".json"],
    ] {
      let run = try ToolRun(arguments)
      #expect(run.status == 0, "\(arguments.joined(separator: " ")): \(run.errors)")
      #expect(!run.output.isEmpty || arguments[0] == "export", "\(arguments[0])")
    }
  }
}
