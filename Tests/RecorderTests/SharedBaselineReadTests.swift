import EventReflection
import Foundation
import InstrumentationValues
import Testing

/// A storage whose next read of its value is overtaken by a change: the store's thread keeps
/// the baseline and writes the new value between the worker's look for a baseline and its live
/// read, as it once did under load in a recording of SyncUps' meeting timer.
private final class OvertakenStorage: SharedRoot, @unchecked Sendable {
  // NB: @unchecked: the test touches it on one thread.
  var value = "before"
  var changeDuringNextRead: SharedBaselines?

  var currentValue: Any {
    guard let baselines = self.changeDuringNextRead else { return self.value }
    self.changeDuringNextRead = nil
    baselines.keep(self)
    self.value = "after"
    return self.value
  }

  var keyName: String { "Shared(value:)" }
  func replaceValue(decodingJSON data: Data) throws {}
}

@Suite struct SharedBaselineReadTests {
  /// A keyframe the writing stage encodes while the store changes a shared value for the first
  /// time holds the value from before the change: an initial keyframe once held a meeting the
  /// session inserted at its last action.
  @Test func aChangeThatOvertakesTheLiveReadIsNotSeen() {
    let baselines = SharedBaselines()
    let storage = OvertakenStorage()
    let lookup = SharedValueBook(baselines: baselines).frozenLookup()
    storage.changeDuringNextRead = baselines
    #expect(lookup(storage) as? String == "before")
    #expect(storage.value == "after")
    #expect(lookup(storage) as? String == "before")
  }

  /// The recording stage reads states under the same rule.
  @Test func theWorkersOwnReadsFollowTheSameRule() {
    let baselines = SharedBaselines()
    let storage = OvertakenStorage()
    let book = SharedValueBook(baselines: baselines)
    storage.changeDuringNextRead = baselines
    let read = book.withValues { SharedValueOverride.lookup?(storage) }
    #expect(read as? String == "before")
  }

  /// Storage that has not changed reads live.
  @Test func storageThatHasNotChangedReadsLive() {
    let storage = OvertakenStorage()
    let lookup = SharedValueBook(baselines: SharedBaselines()).frozenLookup()
    storage.value = "now"
    #expect(lookup(storage) as? String == "now")
  }
}
