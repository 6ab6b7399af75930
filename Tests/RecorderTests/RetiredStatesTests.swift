import Testing

@testable import Recorder
@testable import RecorderCore

/// Replaced states wait while the store sends and go once it pauses, or once too many wait.
@Suite struct RetiredStatesTests {
  /// A state whose release is counted.
  final class Counted {
    let released: Released
    init(_ released: Released) { self.released = released }
    deinit { self.released.count += 1 }
  }

  final class Released: @unchecked Sendable {
    // NB: @unchecked: one test's thread alone uses it.
    var count = 0
  }

  @Test func statesWaitWhileTheStoreSendsAndGoWhenItPauses() {
    let released = Released()
    var retired = RetiredStates()
    for take in 1...3 {
      retired.retire(Counted(released))
      retired.release(storeAppended: take * RetiredStates.busy)
    }
    #expect(released.count == 0)
    #expect(retired.count == 3)
    retired.release(storeAppended: 3 * RetiredStates.busy)
    #expect(released.count == 3)
    #expect(retired.count == 0)
  }

  @Test func aStoreSendingAFewActionsBetweenTakesDoesNotHoldThemBack() {
    let released = Released()
    var retired = RetiredStates()
    retired.retire(Counted(released))
    retired.release(storeAppended: RetiredStates.busy - 1)
    #expect(released.count == 1)
  }

  @Test func aStormThatNeverPausesReleasesThemEveryKeptStates() {
    let released = Released()
    var retired = RetiredStates()
    for take in 1...RetiredStates.kept {
      retired.retire(Counted(released))
      retired.release(storeAppended: take * RetiredStates.busy)
      if take < RetiredStates.kept { #expect(released.count == 0) }
    }
    #expect(released.count == RetiredStates.kept)
    #expect(retired.count == 0)
  }
}
