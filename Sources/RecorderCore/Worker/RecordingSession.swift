import Atomics
import ConcurrencyExtras
import InstrumentationValues
import Foundation
import Trace

/// One store's recording: the queue the store's thread appends to, and the worker's two stages
/// on threads of their own, a ``RecordingStage`` that turns the queued events into records and a
/// ``WritingStage`` that encodes and writes them, with batches handed from one to the other.
///
/// NB: Two stages, because encoding every action (`Codable` is generic all the way down) costs
/// about as much as everything else the worker does; on a device with a core to spare the two
/// run side by side, and the store's thread never waits for either.
final class RecordingSession: Sendable {
  let queue: EventQueue<RecorderEvent, ActionValues>
  /// Hears of changes to shared values while the recording runs.
  let shared: SharedChangeSink
  private let recording: RecordingStage
  private let writing: WritingStage
  private let done: LockIsolated<[CheckedContinuation<Void, Never>]?> = LockIsolated([])

  /// The most batches between the stages: one being written while the next fills.
  static var batchesInFlight: Int { 2 }

  init(
    writer: TraceWriter, options: Recorder.Options, initialState: Any, origin: Int64,
    payloads: PayloadSlots<RecorderEvent, ActionValues>,
    reducing: @escaping @Sendable () -> ActionID?
  ) {
    let capacity = max(1024, options.memoryLimit / Self.estimatedEventBytes)
    let queue = EventQueue<RecorderEvent, ActionValues>(
      capacity: capacity, waitsWhenFull: options.whenFull == .wait, payloads: payloads)
    let handOff = HandOff<PendingBatch>(capacity: Self.batchesInFlight)
    let failed = ManagedAtomic(false)
    let turns = WorkerTurns()
    self.queue = queue
    self.shared = SharedChangeSink(queue: queue, reducing: reducing)
    self.recording = RecordingStage(
      queue: queue, handOff: handOff, turns: turns, writingFailed: failed, options: options,
      initialState: initialState, origin: origin, sharedBaselines: self.shared.baselines)
    self.writing = WritingStage(
      writer: writer, queue: queue, handOff: handOff, turns: turns, failed: failed,
      origin: origin)
  }

  /// A conservative size for one queued event: the event itself plus what a state copy may pin.
  static var estimatedEventBytes: Int { 256 }

  /// How the recording ended: `finished`, or the failure that stopped it; `nil` while it runs.
  var endReason: String? { self.writing.endReason }

  /// Starts the worker's two threads.
  func start(
    stateType: String, actionType: String, recordedBy: TraceHeader.RecordedBy,
    notReplayable: String?
  ) {
    let writing = Thread { [self] in
      Self.runInBackground()
      self.writing.run(
        stateType: stateType, actionType: actionType, recordedBy: recordedBy,
        notReplayable: notReplayable)
      let waiting = self.done.withValue { waiting in
        defer { waiting = nil }
        return waiting ?? []
      }
      for continuation in waiting { continuation.resume() }
    }
    writing.name = "tca-replay writer"
    writing.qualityOfService = .utility
    writing.start()
    let recording = Thread { [self] in
      Self.runInBackground()
      self.recording.run(encodesForReplay: notReplayable == nil)
    }
    recording.name = "tca-replay recorder"
    recording.qualityOfService = .utility
    recording.start()
  }

  /// The Linux scheduling policy of the worker's threads: `SCHED_IDLE` (5 in `<sched.h>`, which
  /// Swift's Glibc module does not export). Such a thread runs on a core no other thread wants
  /// and never preempts one.
  static var backgroundPolicy: Int32 { 5 }

  /// Where the system refuses the policy (a sandbox that filters the call), how much lower than
  /// the app's threads the worker's run instead, in nice steps: at 10 the scheduler gives a
  /// thread of the app about nine tenths of a core it shares with the worker.
  static var backgroundNiceness: Int32 { 10 }

  /// Lowers the calling worker thread's priority below the app's.
  ///
  /// NB: The worker's two threads and the store's thread are three on a machine that may have
  /// two cores; at equal priority the scheduler gives the store's thread a third of the time it
  /// shares a core, and the app's sends wait for the recorder. At nice 10 a worker thread that
  /// woke still preempted the store's thread, a couple of hundred times in `app-send`, for up to
  /// 6 ms each (`perf record -e sched:sched_switch`); under `SCHED_IDLE`, a sixth as often. The
  /// worker catches up whenever the app pauses, and with `whenFull: .wait` a store that outruns
  /// it waits for it, which frees a core for it. On Apple platforms the threads' `.utility`
  /// quality of service says the same.
  private static func runInBackground() {
    #if os(Linux)
      // NB: On Linux each thread has its own policy and nice value; 0 is the calling thread.
      var parameters = sched_param()
      if sched_setscheduler(0, Self.backgroundPolicy, &parameters) != 0 {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.backgroundNiceness)
      }
    #endif
  }

  /// Stops accepting events, lets the worker write what is queued and end the trace, and waits.
  func finish() async {
    SharedChangeObservers.remove(self.shared)
    self.queue.close()
    await withCheckedContinuation { continuation in
      let alreadyDone = self.done.withValue { waiting -> Bool in
        guard waiting != nil else { return true }
        waiting!.append(continuation)
        return false
      }
      if alreadyDone { continuation.resume() }
    }
  }

  /// Waits until everything queued so far is committed to the trace.
  func flush() async {
    await withCheckedContinuation { continuation in
      if !self.queue.append(.barrier(Barrier(continuation))) { continuation.resume() }
    }
  }

  /// The same as ``finish()`` for a synchronous caller (process exit).
  func finishBlocking() {
    SharedChangeObservers.remove(self.shared)
    self.queue.close()
    while self.done.value != nil { usleep(1_000) }
  }
}
