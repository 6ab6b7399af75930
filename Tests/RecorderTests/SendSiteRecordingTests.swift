import ComposableRuntime
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder

/// The recorder stores each action's send site: from `store.send`, from an effect's `send`, and
/// none for `store.send` used as a function value.
@MainActor
@Suite struct SendSiteRecordingTests {
  typealias Relay = DenyListWhyTests.Relay

  let file = "RecorderTests/SendSiteRecordingTests.swift"

  @Test func storeAndEffectSendsAreStoredAndAFunctionValueHasNone() async throws {
    let path = temporaryTracePath("store-site")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Relay.State()) { Relay().record(to: recorder) }
    await store.send(.start).finish()
    let line = #line - 1
    _ = [Relay.Action.set(9)].map(store.send)
    await recorder.finish()
    let trace = try TraceReader(path: path)
    let sites = try trace.actions(in: 1...4).map(\.site)
    #expect(
      sites == [
        SendSite(file: self.file, line: line),
        SendSite(file: "RecorderTests/DenyListWhyTests.swift", line: 20),
        SendSite(file: "RecorderTests/DenyListWhyTests.swift", line: 21),
        nil,
      ])
    #expect(trace.recordsSendSites)
  }
}
