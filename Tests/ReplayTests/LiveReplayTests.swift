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
