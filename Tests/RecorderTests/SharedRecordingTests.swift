import ComposableRuntime
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder

/// A feature whose two children share one value, and a field of its own that is not shared.
@Reducer
struct SharedPair {
  @ObservableState
  struct State: Equatable {
    var left = Side.State()
    var right = Side.State()
    var plain = 0
    var extra: Side.State?
  }

  enum Action: Equatable {
    case left(Side.Action)
    case touch
    case addExtraAndIncrement
    /// Hands a shared value over, as a child's delegate action hands its parent one.
    case handOver(Shared<Int>)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Side() }
    Reduce { state, action in
      switch action {
      case .touch:
        state.plain += 1
      case .addExtraAndIncrement:
        state.extra = Side.State()
        state.left.$count.withLock { $0 += 1 }
      case .left, .handOver:
        break
      }
      return .none
    }
  }
}

@Reducer
struct Side {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("sharedRecordingCount")) var count = 0
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}

/// Changes to shared values, which the states a recorder diffs cannot show (both hold the same
/// reference), recorded as the action that made them, or as an event of their own.
@MainActor
@Suite struct SharedRecordingTests {
  func record(
    options: Recorder.Options = Recorder.Options(),
    _ session: (StoreOf<SharedPair>) async -> Void
  ) async throws -> TraceReader {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: SharedPair.State()) {
      SharedPair().record(to: recorder)
    }
    await session(store)
    await recorder.finish()
    #expect(recorder.endReason == "finished")
    return try TraceReader(path: path)
  }

  func diffs(_ trace: TraceReader) throws -> [String] {
    let (_, first, last) = try trace.actionSummary()
    return try trace.actions(in: first!...last!).map { action in
      action.diff.map(\.description).joined(separator: "; ")
    }
  }

  @Test func anActionsDiffHasTheSharedValueItChangedWhereverItSits() async throws {
    // NB: Sent back to back, so the worker diffs the first action's states after the later
    // actions changed the value again: only what the store's thread noted tells them apart.
    let trace = try await record { store in
      store.send(.left(.increment))
      store.send(.left(.increment))
      store.send(.touch)
      store.send(.left(.increment))
    }
    #expect(
      try diffs(trace) == [
        "replace left.count 0 → 1; replace right.count 0 → 1",
        "replace left.count 1 → 2; replace right.count 1 → 2",
        "replace plain 0 → 1",
        "replace left.count 2 → 3; replace right.count 2 → 3",
      ])
    #expect(try trace.state(at: 4).value(at: TracePath(parsing: "right.count")) == .int(3))
  }

  @Test func aSharedValueInsideWhatTheActionAddedIsWrittenOnce() async throws {
    let trace = try await record { store in
      store.send(.addExtraAndIncrement)
    }
    #expect(
      try diffs(trace) == [
        #"replace extra null → {"count":1}; "#
          + "replace left.count 0 → 1; replace right.count 0 → 1"
      ])
  }

  @Test func keyframesHoldTheSharedValueOfTheirTime() async throws {
    var options = Recorder.Options()
    options.keyframeInterval = 1
    let trace = try await record(options: options) { store in
      store.send(.left(.increment))
      store.send(.left(.increment))
      store.send(.left(.increment))
    }
    // Each state is its keyframe, read back without diffs applied: it must say the value of its
    // time, not the 3 of the end.
    #expect(try trace.keyframeCount() == 4)
    #expect(try trace.state(at: 1).value(at: TracePath(parsing: "left.count")) == .int(1))
    #expect(try trace.state(at: 2).value(at: TracePath(parsing: "left.count")) == .int(2))
  }

  @Test func aChangeFromOutsideAnyActionIsAnEventOfItsOwn() async throws {
    let trace = try await record { store in
      store.send(.left(.increment))
      // Not in any reducer: as another store, an effect or a file on disk would change it.
      let outside = store.state.left.$count
      outside.withLock { $0 = 10 }
      store.send(.left(.increment))
    }
    let (_, first, last) = try trace.actionSummary()
    let actions = try trace.actions(in: first!...last!)
    #expect(actions.map(\.seq) == [1, 2, 3])
    #expect(actions.map(\.origin) == [.send, .shared, .send])
    let shared = actions[1]
    #expect(shared.name == #".inMemory("sharedRecordingCount")"#)
    guard case let .object(fields)? = shared.payload else {
      Issue.record("no payload: \(String(describing: shared.payload))")
      return
    }
    #expect(fields.map(\.name) == ["source", "path"])
    #expect(fields[1].value == .string("left.count"))
    guard case let .string(source) = fields[0].value else { return }
    #expect(source.hasPrefix("withLock at RecorderTests/SharedRecordingTests.swift:"))
    #expect(
      try diffs(trace) == [
        "replace left.count 0 → 1; replace right.count 0 → 1",
        "replace left.count 1 → 10; replace right.count 1 → 10",
        "replace left.count 10 → 11; replace right.count 10 → 11",
      ])
  }

  @Test func anActionHandingOverASharedValueIsEncodedWithTheValueOfItsTime() async throws {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: SharedPair.State()) { SharedPair().record(to: recorder) }
    let count = store.state.left.$count
    // NB: Back to back, so the worker encodes the first action after the value changed again.
    store.send(.handOver(count))
    store.send(.left(.increment))
    store.send(.handOver(count))
    store.send(.left(.increment))
    await recorder.finish()
    let encodings = try TraceReader(path: path).replayInputs().map {
      $0.encoding.map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(
      encodings == [
        #"{"handOver":{"_0":0}}"#, #"{"left":{"_0":{"increment":{}}}}"#,
        #"{"handOver":{"_0":1}}"#, #"{"left":{"_0":{"increment":{}}}}"#,
      ])
  }

  @Test func aChangeToAValueTheStateDoesNotHoldIsNotRecorded() async throws {
    let trace = try await record { store in
      store.send(.touch)
      Shared(value: 5).withLock { $0 += 1 }
      @Shared(.inMemory("sharedRecordingElsewhere")) var elsewhere = 0
      $elsewhere.withLock { $0 += 1 }
      store.send(.touch)
    }
    #expect(try diffs(trace) == ["replace plain 0 → 1", "replace plain 1 → 2"])
  }
}
