import ComposableRuntime
import Foundation
import Replay
import TestSupport
import Testing

@MainActor
@Suite struct LiveReplayTests {
  @Test func effectsThatSendTheSameActionsReplayIdentically() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(Probe(), mode: .liveEffects) {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
      $0.withRandomNumberGenerator = .init(SystemRandomNumberGenerator())
    }
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 14)
  }

  @Test func anEffectThatSendsAnotherPayloadDiverges() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(Probe(variant: .answersSeven), mode: .liveEffects) {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
      $0.withRandomNumberGenerator = .init(SystemRandomNumberGenerator())
    }
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .actions)
    #expect(divergence.actionName == "answered")
    #expect(divergence.seq == (try seq(of: "answered", in: path)))
    #expect(divergence.description.contains(#"recorded: {"answered":{"_0":42}}"#))
    #expect(divergence.description.contains(#"actual:   {"answered":{"_0":7}}"#))
  }
}

/// Live replay hands back the recorded `uuid` values and compares the state after every action,
/// as hermetic replay does.
@MainActor
@Suite struct LiveReplayStateTests {
  @Test func aCheckoutReplaysLiveWithTheRecordedIDs() async throws {
    let path = temporaryPath()
    try await recordCheckout(at: path)
    // The caller's generator is not the recording's: the recorded ids must win, in the reducer
    // (item ids) and in the effect (the order id).
    let result = try await Replay(path: path).run(Checkout(), mode: .liveEffects) {
      $0.uuid = .incrementing
    }
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 5)
  }

  @Test func liveReplayReportsTheFirstActionWhoseStateDiffers() async throws {
    let path = temporaryPath()
    try await recordCheckout(at: path)
    let result = try await Replay(path: path).run(
      Checkout(variant: .makesIDsWithoutTheDependency), mode: .liveEffects)
    let divergence = try #require(result.divergence)
    // The item ids differ from #1 on; the order id, sent back at #5, differs too, later.
    #expect(divergence.seq == 1, "\(divergence.description)")
    #expect(divergence.kind == .state)
    #expect(divergence.actionName == "addItem")
    #expect(
      divergence.description.contains("first differing paths (recorded → actual):\n    items[id: "),
      "\(divergence.description)")
  }
}
