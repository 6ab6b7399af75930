import ComposableRuntime
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder

/// A why chain through an action the recorder's deny-list left out: recorded here, then asked
/// through the reader and the built `tca-replay why`.
@MainActor
@Suite struct DenyListWhyTests {
  /// `.start` runs an effect that sends `.relay`; `.relay` runs one that sends `.set(5)`.
  struct Relay: Reducer {
    struct State: Equatable, Codable { var value = 0 }
    enum Action: Equatable, Codable { case start, relay, set(Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start: return .run { send in await send(.relay) }
      case .relay: return .run { send in await send(.set(5)) }
      case let .set(value):
        state.value = value
        return .none
      }
    }
  }

  /// The same feature with an action that is not `Codable`: the trace keeps no denied inputs,
  /// so a left-out action's origin is unknown.
  struct Opaque: Reducer {
    typealias State = Relay.State
    enum Action: Equatable { case start, relay, set(Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start: return .run { send in await send(.relay) }
      case .relay: return .run { send in await send(.set(5)) }
      case let .set(value):
        state.value = value
        return .none
      }
    }
  }

  /// Records `.start` with `.relay` deny-listed; returns the trace's path and the send's line.
  func record<R: Reducer<Relay.State, A>, A>(_ reducer: R, start: A) async throws -> (
    String, Int
  ) {
    let path = temporaryTracePath("deny-list-why")
    var options = Recorder.Options()
    options.deniedActions = ["relay"]
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: Relay.State()) { reducer.record(to: recorder) }
    await store.send(start).finish()
    let line = #line - 1
    await recorder.finish()
    return (path, line)
  }

  @Test func theChainGoesThroughTheDeniedActionToTheInput() async throws {
    let (path, line) = try await self.record(Relay(), start: .start)
    let trace = try TraceReader(path: path)
    let cause = try #require(try trace.cause(of: TracePath(parsing: "value"), at: 3))
    #expect(cause.chain.map(\.seq) == [3, 2, 1])
    #expect(cause.chain.map(\.isRecorded) == [true, false, true])
    #expect(cause.chain[1].origin == .effect(1))
    #expect(cause.chain[1].effect?.actionSeq == 1)
    #expect(cause.chain[2].origin == .send)

    let run = try ToolRun(["why", path, "value"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0] == "value = 5 after #3")
    #expect(lines[1] == "  set by #3 set: 0 → 5")
    #expect(
      lines[2].hasPrefix(
        "    sent by effect #2 (run, RecorderTests/DenyListWhyTests.swift:21) — started by #2 "
          + "(not recorded: left out by the deny-list), "))
    #expect(
      lines[3].hasPrefix(
        "      sent by effect #1 (run, RecorderTests/DenyListWhyTests.swift:20) — started by #1 "
          + "start, "))
    #expect(
      lines[4] == "        #1 sent from outside at DenyListWhyTests.swift:\(line)")

    let json = try ToolRun(["why", path, "value", "--json"])
    #expect(json.status == 0)
    #expect(json.output.contains(#"{"seq":2,"name":null,"origin":"effect","site":"#))
    #expect(
      json.output.contains(
        #"{"seq":1,"name":"start","origin":"send","site":{"file":"RecorderTests/DenyListWhyTests.swift","line":\#(line)}"#
      ))
  }

  @Test func aDeniedActionWhoseOriginWasNotKeptEndsTheChain() async throws {
    let (path, _) = try await self.record(Opaque(), start: .start)
    let run = try ToolRun(["why", path, "value"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(
      lines.last
        == "      #2 (not recorded: left out by the deny-list); the trace did not keep where it "
        + "came from")
    let trace = try TraceReader(path: path)
    let cause = try #require(try trace.cause(of: TracePath(parsing: "value"), at: 3))
    #expect(cause.chain.map(\.seq) == [3, 2])
    #expect(cause.chain.map(\.isOriginKnown) == [true, false])
  }

  @Test func aPathMissingThereIsOneLineAndStatus2() async throws {
    let (path, _) = try await self.record(Relay(), start: .start)
    // NB: The trace never holds it anywhere: a typo, said as such.
    let run = try ToolRun(["why", path, "value.nothing"])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == "tca-replay: no such path: value.nothing\n")
  }
}
