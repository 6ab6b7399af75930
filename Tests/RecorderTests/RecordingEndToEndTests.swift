import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder
import RuntimeReflection
@testable import StateReflection

@MainActor
@Suite struct RecordingEndToEndTests {
  /// Records the demo's scripted session, plus the two cancellation reasons it does not show
  /// (a cancelled store task and a released store), and returns what the store did.
  func recordDemo(at path: String) async throws -> (Witness, AppFeature.State) {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    var store: StoreOf<AppFeature>? = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      DemoSession.dependencies(clock: clock)(&$0)
    }
    let witness = Witness()
    store!.observer = witness
    await withMainSerialExecutor {
      await DemoSession.run(store!, clock: clock)
      // A store task cancelled: the timer's task.
      let timer = store!.send(.counter(.view(.toggleTimerButtonTapped)))
      await clock.advance(by: .seconds(1))
      timer.cancel()
      await timer.finish()
      // A store released with the timer running (the cancelled task left the toggle on).
      store!.send(.counter(.view(.toggleTimerButtonTapped)))
      let again = store!.send(.counter(.view(.toggleTimerButtonTapped)))
      #expect(store!.counter.isTimerRunning)
      store = nil
      await again.finish()
    }
    await recorder.finish()
    #expect(recorder.endReason == "finished")
    return (witness, witness.states.last!.state)
  }

  /// The store's thread stamps events with ticks and the worker converts them; converted, they
  /// must read as one coherent timeline.
  @Test func timesFormOneTimeline() async throws {
    let path = temporaryTracePath()
    _ = try await recordDemo(at: path)
    let trace = try TraceReader(path: path)
    let end = try #require(trace.header.endedNanoseconds)
    let (_, first, last) = try trace.actionSummary()
    let actions = try trace.actions(in: first!...last!)
    // NB: Conversions round to the nanosecond; this is the slack for two of them.
    let rounding: Int64 = 2
    for action in actions {
      #expect(action.startNanoseconds >= 0)
      #expect(action.durationNanoseconds >= 0)
      #expect(action.startNanoseconds + action.durationNanoseconds <= end)
      for scope in try trace.scopes(of: action.seq) {
        #expect(scope.totalNanoseconds <= action.durationNanoseconds + rounding)
      }
    }
    // One store reduces one action at a time, in order.
    for (earlier, later) in zip(actions, actions.dropFirst()) {
      #expect(
        later.startNanoseconds + rounding >= earlier.startNanoseconds + earlier.durationNanoseconds)
    }
    for effect in try trace.effects() {
      let started = try #require(try trace.action(effect.start.actionSeq))
      // An effect starts once its action's reducer has returned.
      #expect(
        effect.start.startNanoseconds + rounding
          >= started.startNanoseconds + started.durationNanoseconds)
      if let ended = effect.end {
        #expect(ended.endNanoseconds >= effect.start.startNanoseconds)
        #expect(ended.endNanoseconds <= end)
      }
    }
  }

  @Test func everyActionStateEffectAndScopeReadsBack() async throws {
    let path = temporaryTracePath()
    let (witness, finalState) = try await recordDemo(at: path)
    let trace = try TraceReader(path: path)

    #expect(trace.header.finishedCleanly)
    #expect(trace.header.endReason == "finished")
    #expect(trace.header.stateType.hasSuffix("AppFeature.State"))
    #expect(try trace.notCaptured().isEmpty)

    // Every action, with its origin and name.
    let (count, first, last) = try trace.actionSummary()
    #expect(count == witness.received.count)
    let actions = try trace.actions(in: first!...last!)
    for (recorded, received) in zip(actions, witness.received) {
      #expect(recorded.seq == Int64(received.id.rawValue))
      #expect(recorded.name == ActionDescription(of: received.action).name)
      switch received.origin {
      case .send: #expect(recorded.origin == .send)
      case let .effect(id): #expect(recorded.origin == .effect(Int64(id.rawValue)))
      }
    }
    #expect(actions.contains { $0.name == "counter.view.incrementButtonTapped" })
    #expect(actions.contains { $0.name == "todos.todos.element.checkBoxToggled" })

    // The state after every action, rebuilt from keyframes and diffs, equals the store's as it
    // was then, each stored diff takes the state before to the state after, and apart from the
    // shared setting (a reference, which the differ cannot see change) it is the structural diff
    // of the states around it.
    var previous = AppFeature.State()
    var previousReflected = Reflection.value(of: previous)
    let differ = StructuralDiff(redactedPaths: [])
    func isShared(_ operation: DiffOperation) -> Bool {
      operation.path.components.last == .field("temperatureUnit")
    }
    for (((id, state), reflected), recorded) in zip(
      zip(witness.states, witness.reflected), actions)
    {
      #expect(try trace.state(at: Int64(id.rawValue)) == reflected)
      try previousReflected.apply(recorded.diff)
      #expect(previousReflected == reflected)
      #expect(
        recorded.diff.filter { !isShared($0) }
          == differ.operations(from: previous, to: state).filter { !isShared($0) })
      #expect(recorded.stateChanged == !recorded.diff.isEmpty)
      previous = state
      previousReflected = reflected
    }
    #expect(actions.contains { $0.diff.contains(where: isShared) })
    #expect(try trace.state(at: last!) == Reflection.value(of: finalState))
    #expect(try trace.state(at: 0) == Reflection.value(of: AppFeature.State()))

    // Every effect with its one outcome, including a cancellation of each reason.
    let effects = try trace.effects()
    #expect(effects.count == witness.outcomes.count)
    for effect in effects {
      let outcome = try #require(witness.outcomes[EffectID(rawValue: UInt64(effect.start.id))])
      let end = try #require(effect.end)
      switch outcome {
      case .finished: #expect(end.outcome == .finished)
      case let .cancelled(reason):
        #expect(end.outcome.spelling == .cancelled)
        #expect(end.reason?.description == "\(reason)")
      case .failed: #expect(end.outcome.spelling == .failed)
      }
    }
    let reasons = Set(effects.compactMap(\.end?.reason?.description))
    #expect(
      reasons == [
        "cancel(id: timer)", "cancelInFlight (id: search)", "parent dismissed",
        "store task cancelled", "store released",
      ])
    #expect(effects.contains { $0.end?.outcome.spelling == .failed })
    #expect(effects.contains { $0.start.kind == .presentation })
    let sent = effects.first { $0.start.name == nil && $0.end?.actionsSent == 3 }
    #expect(sent != nil)

    // Scope timings: a todo's action runs through the todos scope and the element.
    let toggle = try #require(actions.first { $0.name == "todos.todos.element.checkBoxToggled" })
    let scopes = try trace.scopes(of: toggle.seq).map(\.path)
    #expect(scopes.contains("todos"))
    #expect(scopes.contains { $0.hasPrefix("todos/todos[id: ") })
    for scope in try trace.scopes(of: toggle.seq) {
      #expect(scope.totalNanoseconds >= scope.selfNanoseconds)
    }
  }

  @Test func recordingAttachesThroughTheBuilder() throws {
    // The builder must hand the store the recording reducer itself, not an erased one.
    let recorder = try Recorder(path: temporaryTracePath())
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    #expect(store.observer != nil)
  }

  @Test func theOptionsMetadataIsStoredInTheHeader() async throws {
    let path = temporaryTracePath()
    var options = Recorder.Options()
    options.metadata = ["appVersion": "2.3", "device": "iPhone15,2", "build": ""]
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    store.send(.counter(.view(.incrementButtonTapped)))
    await recorder.finish()
    #expect(try TraceReader(path: path).header.metadata == options.metadata)
  }

  @Test func traceFileIsPrivate() async throws {
    let path = temporaryTracePath()
    _ = try await recordDemo(at: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test func traceReadsWhileBeingWritten() async throws {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    for _ in 0..<10 { store.send(.counter(.view(.incrementButtonTapped))) }
    await recorder.flush()
    #expect(try TraceReader(path: path).actionSummary().count == 10)
    #expect(try TraceReader(path: path).header.finishedCleanly == false)
    await recorder.finish()
    #expect(try TraceReader(path: path).header.finishedCleanly)
  }
}
