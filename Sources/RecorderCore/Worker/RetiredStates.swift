/// The states the recording stage has diffed and replaced, released together while the store is
/// not sending, or once too many wait.
///
/// NB: The store's thread retains every reference in its state each time it copies the state for
/// the recorder, so a state's last release touches the same objects' reference counts as the
/// store's next copy. Released while the store sends, those cache lines move to the worker's core
/// and back for every object, and a demo counter action slowed by a fifth (docs/Performance.md,
/// "Recording"). Held back, they are released between the app's bursts; a storm that never
/// pauses releases them every ``kept`` states, so the states held stay bounded.
struct RetiredStates {
  private var states: [Any] = []
  /// The store's count of appended events when the stage last looked.
  private var sighting = 0

  /// How many states may wait while the store is sending: four batches' worth.
  static var kept: Int { 4 * RecordingStage.actionsPerBatch }

  /// How many events the store must have appended since the last look for it to count as
  /// sending: a store that sends a few actions between two takes (50 ms apart) touches its
  /// objects too rarely for the releases to get in its way.
  static var busy: Int { 256 }

  /// How many states wait to be released.
  var count: Int { self.states.count }

  /// Keeps `state` until the next release.
  mutating func retire(_ state: consuming Any) {
    self.states.append(state)
  }

  /// Releases the waiting states, unless the store has appended ``busy`` events or more since
  /// the last look (it is sending) and fewer than ``kept`` wait. Call it once per take.
  mutating func release(storeAppended appended: Int) {
    let storeIsSending = appended - self.sighting >= Self.busy
    self.sighting = appended
    guard !storeIsSending || self.states.count >= Self.kept else { return }
    self.states.removeAll(keepingCapacity: true)
  }
}
