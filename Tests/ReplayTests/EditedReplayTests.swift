import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// `replay.run(_:edits:)`: the probe's session (two increments, an id, a stamp, a roll, a timer
/// that ticks twice and is stopped, an increment, a question answered by an effect, an id, a
/// roll) replayed with inputs left out, replaced and inserted.
@MainActor
@Suite struct EditedReplayTests {
  let path: String

  init() async throws {
    self.path = temporaryPath()
    try await recordProbeSession(at: self.path)
  }

  func count(_ state: TraceValue?) -> TraceValue? {
    state?.value(at: try! TracePath(parsing: "count"))
  }
  func value(_ path: String, in state: TraceValue?) -> TraceValue? {
    state?.value(at: try! TracePath(parsing: path))
  }

  @Test func noEditsReplaysAsRecorded() async throws {
    let result = try await Replay(path: self.path).run(Probe(), edits: [])
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 14)
    #expect(result.effectChanges.isEmpty, "\(result.effectChanges)")
    #expect(result.droppedOutputs.isEmpty)
    #expect(result.issues.isEmpty)
    let last = try TraceReader(path: self.path).lastSeq()
    #expect(result.state == (try TraceReader(path: self.path).state(at: last)))
  }

  @Test func skippingAnIncrementDivergesAtTheNextOneWhoseChangeDiffers() async throws {
    let second = try seq(of: "increment", occurrence: 2, in: self.path)
    let third = try seq(of: "increment", occurrence: 3, in: self.path)
    let result = try await Replay(path: self.path).run(Probe(), edits: [.skip(second)])
    let divergence = try #require(result.divergence)
    // The id, stamp, roll and timer between them change what they changed in the recording.
    #expect(divergence.seq == third, "\(divergence.description)")
    #expect(divergence.kind == .state)
    #expect(result.replayedActions == 13)
    #expect(self.value("count", in: result.state) == .int(2))
    #expect(self.value("ticks", in: result.state) == .int(2))
  }

  @Test func replacingAnActionComparesItsOwnChange() async throws {
    let second = try seq(of: "increment", occurrence: 2, in: self.path)
    let result = try await Replay(path: self.path).run(
      Probe(), edits: [.replace(second, with: .tick)])
    let divergence = try #require(result.divergence)
    #expect(divergence.seq == second)
    #expect(divergence.actionName == "(replaced) tick", "\(divergence.description)")
    #expect(self.value("count", in: result.state) == .int(2))
    #expect(self.value("ticks", in: result.state) == .int(3))
  }

  @Test func aReplacedActionThatNoLongerStartsItsEffectDivergesThere() async throws {
    let start = try seq(of: "startTimer", in: self.path)
    let result = try await Replay(path: self.path).run(
      Probe(), edits: [.replace(start, with: .stopTimer)])
    let divergence = try #require(result.divergence)
    #expect(divergence.seq == start)
    #expect(divergence.kind == .effects)
    #expect(
      divergence.description.contains("did not start run effect of #\(start), cancel ids timer"),
      "\(divergence.description)")
    let notStarted = result.effectChanges.filter { $0.kind == .notStarted }
    #expect(notStarted.map(\.seq) == [start], "\(result.effectChanges)")
    #expect(notStarted.first?.description.contains("#\(start) no longer starts it") == true)
    #expect(self.value("ticks", in: result.state) == .int(0))
  }

  @Test func insertingAnActionShiftsTheLaterCountsAndItsEffectDeliversNothing() async throws {
    let second = try seq(of: "increment", occurrence: 2, in: self.path)
    let third = try seq(of: "increment", occurrence: 3, in: self.path)
    let stop = try seq(of: "stopTimer", in: self.path)
    let result = try await Replay(path: self.path).run(
      Probe(), edits: [.insert(after: second, .increment), .insert(after: stop, .startTimer)])
    #expect(result.divergence?.seq == third, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 16)
    #expect(self.value("count", in: result.state) == .int(4))
    let started = result.effectChanges.filter { $0.kind == .started }
    #expect(started.count == 1, "\(result.effectChanges)")
    #expect(started.first?.seq == stop)
    #expect(started.first?.description.contains("delivered nothing") == true)
    #expect(self.value("ticks", in: result.state) == .int(2))
  }

  @Test func skippingAnEffectsParentDropsItsOutputs() async throws {
    let ask = try seq(of: "ask", in: self.path)
    let answered = try seq(of: "answered", in: self.path)
    let start = try seq(of: "startTimer", in: self.path)
    let result = try await Replay(path: self.path).run(Probe(), edits: [.skip(ask), .skip(start)])
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    let ticks = try TraceReader(path: self.path).actions(in: 1...100).filter { $0.name == "tick" }
    #expect(result.droppedOutputs == (ticks.map(\.seq) + [answered]))
    #expect(result.replayedActions == 14 - 2 - 3)
    let notStarted = result.effectChanges.filter { $0.kind == .notStarted }
    #expect(notStarted.map(\.seq) == [start, ask], "\(result.effectChanges)")
    #expect(notStarted.allSatisfy { $0.description.contains("was left out") })
    #expect(self.value("answers", in: result.state) == .array([]))
    #expect(self.value("ticks", in: result.state) == .int(0))
  }

  @Test func anOutputAfterItsEffectWasCancelledIsDropped() async throws {
    let start = try seq(of: "startTimer", in: self.path)
    let result = try await Replay(path: self.path).run(
      Probe(), edits: [.insert(after: start, .stopTimer)])
    let ticks = try TraceReader(path: self.path).actions(in: 1...100).filter { $0.name == "tick" }
    #expect(result.droppedOutputs == ticks.map(\.seq))
    #expect(self.value("ticks", in: result.state) == .int(0))
    // The recording cancelled the timer too, by the same id: no effect stopped differently.
    #expect(result.effectChanges.isEmpty, "\(result.effectChanges)")
  }

  @Test func theStateIsTakenWhereAsked() async throws {
    let second = try seq(of: "increment", occurrence: 2, in: self.path)
    let result = try await Replay(path: self.path).run(
      Probe(), edits: [.skip(second)], stateAt: second)
    #expect(self.value("count", in: result.state) == .int(1))
  }

  /// The state at a seq is the state after that action, and after what was inserted after it:
  /// here the action changes the count, so the state before it would show.
  @Test func theStateAtASeqIncludesThatAction() async throws {
    let first = try seq(of: "increment", occurrence: 1, in: self.path)
    let second = try seq(of: "increment", occurrence: 2, in: self.path)
    let replay = try Replay(path: self.path)
    let skipped = try await replay.run(Probe(), edits: [.skip(first)], stateAt: second)
    #expect(self.count(skipped.state) == .int(1))
    let inserted = try await replay.run(
      Probe(), edits: [.insert(after: second, .increment)], stateAt: second)
    #expect(self.count(inserted.state) == .int(3))
  }

  @Test func deniedInputsAreFedAndTheNextRecordedChangeStillMatches() async throws {
    let path = temporaryPath()
    var options = Recorder.Options()
    options.deniedActions = ["tick"]
    try await recordProbeSession(at: path, options: options)
    let result = try await Replay(path: path).run(Probe(), edits: [])
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 14)
    #expect(self.value("ticks", in: result.state) == .int(2))
  }

  @Test func editsOfSeqsTheTraceDoesNotHaveAreOneLineErrors() async throws {
    let replay = try Replay(path: self.path)
    for edits: [ReplayEdit<Probe.Action>] in [
      [.skip(999)], [.replace(-1, with: .tick)],
      [.insert(after: 999, .tick)], [.skip(2), .replace(2, with: .tick)],
    ] {
      await #expect(throws: ReplayError.self) { try await replay.run(Probe(), edits: edits) }
    }
  }

  @Test func anActionThatDoesNotDecodeNamesItsSeq() async throws {
    let features = [ReplayableFeature { Probe() }]
    let error = await #expect(throws: ReplayError.self) {
      try await Replay.run(
        path: self.path, features: features, edits: [.replace(3, with: Data(#"{"nope":1}"#.utf8))])
    }
    #expect(error?.description.contains("#3") == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("\n") == false)
    let typed = try await Replay.run(
      path: self.path, features: features, edits: [.replace(3, with: Data(#"{"tick":{}}"#.utf8))])
    #expect(typed.divergence?.seq == 3)
  }

  @Test func issuesTheRuntimeReportsAreCollected() async throws {
    let path = temporaryPath()
    try await recordDemoSession(at: path)
    let orphan = AppFeature.Action.items(
      .destination(.presented(.editor(.view(.nameChanged("Tent"))))))
    let result = try await Replay(path: path).run(AppFeature(), edits: [.insert(after: 1, orphan)])
    #expect(result.issues.count == 1, "\(result.issues)")
    #expect(result.issues.first?.contains("received a child action") == true)
    let plain = try await Replay(path: path).run(AppFeature(), edits: [])
    #expect(plain.issues.isEmpty)
    #expect(plain.divergence == nil, "\(plain.divergence?.description ?? "")")
  }
}
