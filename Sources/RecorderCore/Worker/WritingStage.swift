import Atomics
import Foundation
import Trace

/// The worker's second stage: each batch encoded for replay and written in one transaction, then
/// the end of the trace.
///
/// After a failed write it stops the queue and raises `failed`, so the first stage only passes
/// the flushes still queued on; this stage returns them without writing.
final class WritingStage: @unchecked Sendable {
  // NB: @unchecked: `endReason` is written once, by the writing thread, before the session
  // resumes whoever waits to read it; the rest is immutable or used by that thread alone.
  private let writer: TraceWriter
  private let queue: EventQueue<RecorderEvent, ActionValues>
  private let handOff: HandOff<PendingBatch>
  private let turns: WorkerTurns
  private var sighting = WorkerTurns.Sighting()
  private let failed: ManagedAtomic<Bool>
  private let origin: Int64
  private let encoder = TraceEncoder()
  private var encodings = EncodingCache()
  private(set) var endReason: String?

  init(
    writer: TraceWriter, queue: EventQueue<RecorderEvent, ActionValues>,
    handOff: HandOff<PendingBatch>, turns: WorkerTurns, failed: ManagedAtomic<Bool>,
    origin: Int64
  ) {
    self.turns = turns
    self.writer = writer
    self.queue = queue
    self.handOff = handOff
    self.failed = failed
    self.origin = origin
  }

  /// Writes batches until the first stage finishes, then ends the trace.
  func run(
    stateType: String, actionType: String, recordedBy: TraceHeader.RecordedBy,
    notReplayable: String?
  ) {
    var failure: (any Error)?
    var namedUncodable = false
    do {
      try self.writer.setRootTypes(state: stateType, action: actionType, recordedBy: recordedBy)
      try self.writer.setNotReplayable(notReplayable)
    } catch {
      failure = error
      self.stopAfterFailure()
    }
    while var pending = self.handOff.receive() {
      self.turns.work(&self.sighting, storeAppended: self.queue.storeAppended) {
        if failure == nil {
          pending.encode(with: self.encoder, cache: &self.encodings)
          do {
            if notReplayable == nil, !namedUncodable, let uncodable = pending.uncodable {
              // NB: Named once, for the first value with no coding; the trace is still written.
              namedUncodable = true
              try self.writer.setNotReplayable("not replayable: \(uncodable)")
            }
            try self.writer.write(pending.batch)
          } catch {
            failure = error
            self.stopAfterFailure()
          }
        }
      }
      for barrier in pending.barriers { barrier.resume() }
    }
    self.end(after: failure)
  }

  /// Writes the end of the trace: finished cleanly, or stopped by `failure`.
  private func end(after failure: (any Error)?) {
    var failure = failure
    let end = MonotonicClock.now() - self.origin
    if failure == nil {
      do {
        try self.writer.finish(cleanly: true, reason: "finished", endNanoseconds: end)
        self.endReason = "finished"
        return
      } catch {
        failure = error
      }
    }
    guard let failure else { return }
    let reason = "stopped: \(failure)"
    self.endReason = reason
    try? self.writer.finish(cleanly: false, reason: reason, endNanoseconds: end)
    // NB: Reported once, on standard error: this thread has no task context an issue could
    // belong to. `Recorder.endReason` and the trace's header say the same.
    FileHandle.standardError.write(
      Data("tca-replay: stopped recording to \(self.writer.path): \(failure)\n".utf8))
  }

  /// After a failed write: the queue refuses what comes next, and the first stage only passes
  /// the flushes still queued on to this stage, which returns them.
  private func stopAfterFailure() {
    self.failed.store(true, ordering: .releasing)
    self.queue.close()
  }
}
