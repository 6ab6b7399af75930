import Testing

@testable import Recorder
@testable import RecorderCore

/// The worker's stages take turns while the store sends, and work side by side while it does
/// not.
@Suite struct WorkerTurnsTests {
  @Test func aStageWorksInTheTurnOnlyWhileTheStoreIsSending() {
    let turns = WorkerTurns()
    var sighting = WorkerTurns.Sighting()
    // The first look, and every look after the store appended, works in the turn.
    #expect(turns.work(&sighting, storeAppended: 0) { turns.turnIsTaken })
    #expect(turns.work(&sighting, storeAppended: 512) { turns.turnIsTaken })
    // Nothing appended since the last look: the store is idle, the stage works at once.
    #expect(!turns.work(&sighting, storeAppended: 512) { turns.turnIsTaken })
    #expect(turns.work(&sighting, storeAppended: 513) { turns.turnIsTaken })
    #expect(!turns.turnIsTaken)
  }

  @Test func eachStageLooksForItself() {
    let turns = WorkerTurns()
    var recording = WorkerTurns.Sighting()
    var writing = WorkerTurns.Sighting()
    _ = turns.work(&recording, storeAppended: 100) {}
    // The writing stage has not seen the store's 100 events yet.
    #expect(turns.work(&writing, storeAppended: 100) { turns.turnIsTaken })
    #expect(!turns.work(&recording, storeAppended: 100) { turns.turnIsTaken })
  }

  @Test func theTurnIsLetGoWhenTheWorkThrows() {
    struct Failure: Error {}
    let turns = WorkerTurns()
    var sighting = WorkerTurns.Sighting()
    #expect(throws: Failure.self) {
      try turns.work(&sighting, storeAppended: 1) { throw Failure() }
    }
    #expect(!turns.turnIsTaken)
  }
}
