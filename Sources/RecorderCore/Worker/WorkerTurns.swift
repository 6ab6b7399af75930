import Foundation

/// Whether the worker's two stages take turns on one core or run side by side: in turns while
/// the store is sending, side by side while it is not.
///
/// NB: The store's thread and the worker's two are three threads; on a two-core device, two
/// busy stages leave the store's thread sharing a core with one of them, and its sends slow by
/// more than the share it loses (the other thread evicts its caches). Taking turns, the worker
/// keeps to one core while the app is busy, and uses both to catch up when the app pauses. What
/// it changed, measured, is in docs/Performance.md ("Recording").
final class WorkerTurns: Sendable {
  private let turn = NSLock()

  /// What one stage saw of the store's sending when it last looked.
  struct Sighting {
    fileprivate var appended = -1
  }

  /// Runs `body`, a batch's work, in the worker's one turn if the store has appended since the
  /// stage last looked (`sighting`), at once otherwise.
  ///
  /// NB: Call it around work only, never around a wait for the other stage: that one may need
  /// the turn to end the wait.
  func work<R>(
    _ sighting: inout Sighting, storeAppended appended: Int, _ body: () throws -> R
  ) rethrows -> R {
    let storeIsSending = appended != sighting.appended
    sighting.appended = appended
    guard storeIsSending else { return try body() }
    self.turn.lock()
    defer { self.turn.unlock() }
    return try body()
  }

  /// Whether a stage is working in the turn now.
  var turnIsTaken: Bool {
    guard self.turn.try() else { return true }
    self.turn.unlock()
    return false
  }
}
