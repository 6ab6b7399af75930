import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// The demo's shared temperature unit (`.appStorage`, written by the profile, read by the search)
/// through recording and replay.
@MainActor
@Suite struct SharedReplayTests {
  /// Records the unit picked, changed back from outside any action, then a profile edit.
  func recordOutsideChange(
    at path: String, options: Recorder.Options = Recorder.Options()
  ) async throws {
    let clock = TestClock()
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      DemoSession.dependencies(clock: clock)(&$0)
    }
    store.send(.profile(.view(.temperatureUnitPicked(.fahrenheit))))
    // As a settings screen of another store would.
    store.state.profile.$temperatureUnit.withLock { $0 = .celsius }
    store.send(.profile(.binding(.set(\.bio, "Hikes"))))
    store.send(.profile(.view(.temperatureUnitPicked(.fahrenheit))))
    await recorder.finish()
  }

  @Test func anOutsideChangeIsRecordedAsItsOwnEvent() async throws {
    let path = temporaryPath()
    try await recordOutsideChange(at: path)
    let trace = try TraceReader(path: path)
    let actions = try trace.actions(in: 1...4)
    #expect(actions.map(\.origin) == [.send, .shared, .send, .send])
    #expect(actions[1].name == #".appStorage("temperatureUnit")"#)
    #expect(
      actions[1].diff.map(\.description) == [
        #"replace search.temperatureUnit {"fahrenheit":null} → {"celsius":null}"#,
        #"replace profile.temperatureUnit {"fahrenheit":null} → {"celsius":null}"#,
      ])
    #expect(actions[2].diff.map(\.description) == [#"replace profile.bio "" → "Hikes""#])
  }

  @Test func anOutsideChangeReplaysHermetically() async throws {
    let path = temporaryPath()
    try await recordOutsideChange(at: path)
    let result = try await Replay(path: path).run(AppFeature())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }

  @Test func anOutsideChangeReplaysWithLiveEffects() async throws {
    let path = temporaryPath()
    try await recordOutsideChange(at: path)
    let result = try await Replay(path: path).run(AppFeature(), mode: .liveEffects) {
      $0.factClient = .liveValue
      $0.searchClient = .liveValue
    }
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }

  @Test func aReplayFromAKeyframeStartsFromTheUnitOfItsTime() async throws {
    var options = Recorder.Options()
    options.keyframeInterval = 1
    let path = temporaryPath()
    try await recordOutsideChange(at: path, options: options)
    // The unit was Fahrenheit after #1, though Fahrenheit again at the end: the keyframe at #2
    // must say Celsius, or the bio edit replays with the wrong unit shown.
    let keyframe = try #require(try TraceReader(path: path).codableKeyframe(atOrBefore: 2))
    #expect(
      String(decoding: keyframe.json, as: UTF8.self).contains(#""temperatureUnit":"celsius""#))
    let result = try await Replay(path: path).run(AppFeature(), from: 2)
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }

  /// The state taken at a seq holds the shared values of that time, not of the end: the unit
  /// was set back to Celsius at #2 and to Fahrenheit again at #4.
  @Test func theStateAtASeqHoldsTheSharedValueOfItsTime() async throws {
    let path = temporaryPath()
    try await recordOutsideChange(at: path)
    let unit = try TracePath(parsing: "profile.temperatureUnit")
    let replay = try Replay(path: path)
    let trace = try TraceReader(path: path)
    for seq: Int64 in 1...4 {
      let replayed = try await replay.run(AppFeature(), edits: [], stateAt: seq).state
      let recorded = try trace.state(at: seq)
      #expect(replayed?.value(at: unit) == recorded.value(at: unit), "after #\(seq)")
    }
  }

  @Test func aReplayLeavesTheAppsOwnSettingsAlone() async throws {
    let path = temporaryPath()
    try await recordOutsideChange(at: path)
    let appDefaults = UserDefaults.inMemory
    let result = try await withDependencies {
      $0.defaultAppStorage = appDefaults
    } operation: {
      try await Replay(path: path).run(AppFeature())
    }
    #expect(result.divergence == nil)
    #expect(appDefaults.object(forKey: TemperatureUnit.storageKey) == nil)
  }
}
