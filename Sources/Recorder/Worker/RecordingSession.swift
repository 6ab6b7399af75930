import ComposableRuntime
import Foundation
import RuntimeReflection
import StateReflection
import Trace

/// One store's recording, the recorder's worker, in two stages on threads of their own: the
/// first takes the queued events about every 50 ms, reflects and diffs them into records; the
/// second encodes the actions for replay and writes each batch in one transaction.
///
/// NB: Two stages, because encoding every action (`Codable` is generic all the way down) costs
/// about as much as everything else the worker does; on a device with a core to spare the two
/// run side by side, and the store's thread never waits for either.
final class RecordingSession: @unchecked Sendable {
  // NB: @unchecked: after `start`, everything but `queue` is touched only by the worker thread.
  let queue: EventQueue<RecorderEvent>
  private let writer: TraceWriter
  private let options: Recorder.Options
  private let differ: StructuralDiff
  private let origin: Int64
  private var lastState: Any
  private var lastHash = StateHash(value: 0)
  private var recordedSinceKeyframe = 0
  private var actionsSent: [Int64: Int64] = [:]
  /// Converts the store thread's ticks to monotonic nanoseconds.
  private var scale = TickScale(clock: .current)
  /// The last few actions described, matched by `==`: high-frequency actions (ticks, keystrokes
  /// of the same key) repeat, and naming one reflects every enum level of it.
  private var recentDescriptions: [(action: Any, description: ActionDescription)] = []
  /// Scope paths as the trace names them, by path: naming a step describes its key path.
  private var scopePathNames: [ScopePath: String] = [:]
  private let done: LockIsolated<[CheckedContinuation<Void, Never>]?> = LockIsolated([])
  private(set) var endReason: String?

  init(writer: TraceWriter, options: Recorder.Options, initialState: Any, origin: Int64) {
    self.writer = writer
    self.options = options
    self.differ = StructuralDiff(redactedPaths: options.redactedStatePaths)
    self.origin = origin
    self.lastState = initialState
    let capacity = max(1024, options.memoryLimit / Self.estimatedEventBytes)
    self.queue = EventQueue(capacity: capacity)
  }

  /// A conservative size for one queued event: the event itself plus what a state copy may pin.
  static var estimatedEventBytes: Int { 256 }

  /// Whether actions and states are stored in their exact `Codable` encodings.
  private var encodesForReplay = false
  private let encoder = TraceEncoder()

  /// Batches from the first stage to the writing stage.
  private let handOff = BatchHandOff(capacity: 2)

  /// The most actions in one batch: enough for a cheap transaction, few enough that the writing
  /// stage starts on a burst while the first stage is still on it.
  static var actionsPerBatch: Int { 2_048 }

  /// Starts the worker's two threads.
  func start(stateType: String, actionType: String, notReplayable: String?) {
    self.encodesForReplay = notReplayable == nil
    let writing = Thread { [self] in
      self.writeBatches(stateType: stateType, actionType: actionType, notReplayable: notReplayable)
    }
    writing.name = "tca-replay writer"
    writing.start()
    let recording = Thread { [self] in self.run() }
    recording.name = "tca-replay recorder"
    recording.start()
  }

  /// Stops accepting events, lets the worker write what is queued and end the trace, and waits.
  func finish() async {
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
      if !self.queue.append(.barrier(continuation)) { continuation.resume() }
    }
  }

  /// The same as ``finish()`` for a synchronous caller (process exit).
  func finishBlocking() {
    self.queue.close()
    while self.done.value != nil { usleep(1_000) }
  }

  /// The first stage: events to records, handed on in batches.
  private func run() {
    var initial = PendingBatch()
    self.appendKeyframe(seq: 0, state: self.lastState, to: &initial)
    self.lastHash = StateHash(initial: initial.batch.keyframes[0].state)
    self.handOff.put(initial)
    while let (events, refused) = self.queue.take(waitingUpTo: 0.05) {
      // The events were stamped before this reading, so they convert between it and the last.
      self.scale.advance()
      var pending = PendingBatch()
      if refused.overLimit > 0 {
        pending.batch.notCaptured[.overMemoryLimit, default: 0] += Int64(refused.overLimit)
      }
      if refused.afterClose > 0 {
        pending.batch.notCaptured[.afterFinish, default: 0] += Int64(refused.afterClose)
      }
      // NB: Reversed, then taken off the end one by one, the events are moved out of the array
      // rather than copied: a copy retains everything the event holds, and the array releases
      // it all again at the end. The buffer's swaps move too, where the array's would copy.
      var events = consume events
      events.withUnsafeMutableBufferPointer { $0.reverse() }
      while !events.isEmpty {
        let event = events.removeLast()
        guard !self.handOff.failed else {
          // Nothing more is written; flushes still wait for their turn, then return.
          if case let .barrier(continuation) = event { pending.barriers.append(continuation) }
          continue
        }
        self.process(event, into: &pending)
        if pending.eventCount >= Self.actionsPerBatch {
          self.handOff.put(pending)
          pending = PendingBatch()
        }
      }
      if !pending.batch.isEmpty || !pending.barriers.isEmpty || !pending.retired.isEmpty {
        self.handOff.put(pending)
      }
    }
    self.handOff.close()
  }

  /// The writing stage: each batch encoded for replay and written in one transaction, then the
  /// end of the trace, then whoever waits for the recording to finish.
  private func writeBatches(stateType: String, actionType: String, notReplayable: String?) {
    var failure: (any Error)?
    do {
      try self.writer.setRootTypes(state: stateType, action: actionType)
      try self.writer.setNotReplayable(notReplayable)
    } catch {
      failure = error
      self.stopAfterFailure()
    }
    while var pending = self.handOff.take() {
      if failure == nil {
        pending.encode(with: self.encoder)
        do {
          try self.writer.write(pending.batch)
        } catch {
          failure = error
          self.stopAfterFailure()
        }
      }
      pending.retired.removeAll()
      for barrier in pending.barriers { barrier.resume() }
    }
    let end = MonotonicClock.now() - self.origin
    if failure == nil {
      do {
        try self.writer.finish(cleanly: true, reason: "finished", endNanoseconds: end)
        self.endReason = "finished"
      } catch {
        failure = error
      }
    }
    if let failure {
      let reason = "stopped: \(failure)"
      self.endReason = reason
      try? self.writer.finish(cleanly: false, reason: reason, endNanoseconds: end)
      // NB: Reported once, on standard error: this thread has no task context an issue could
      // belong to. `Recorder.endReason` and the trace's header say the same.
      FileHandle.standardError.write(
        Data("tca-replay: stopped recording to \(self.writer.path): \(failure)\n".utf8))
    }
    let waiting = self.done.withValue { waiting in
      defer { waiting = nil }
      return waiting ?? []
    }
    for continuation in waiting { continuation.resume() }
  }

  /// After a failed write: the queue refuses what comes next, and the first stage only passes
  /// the flushes still queued on to the writing stage, which returns them.
  private func stopAfterFailure() {
    self.handOff.failed = true
    self.queue.close()
  }

  private func process(_ event: consuming RecorderEvent, into pending: inout PendingBatch) {
    switch consume event {
    case let .action(action):
      self.process(action, into: &pending)
    case let .barrier(continuation):
      pending.barriers.append(continuation)
    case let .dependency(read):
      pending.batch.dependencyValues.append(read.record)
    case let .effectStarted(effect, at):
      pending.batch.effectStarts.append(
        EffectStartRecord(
          id: Int64(effect.id.rawValue), actionSeq: Int64(effect.action.rawValue),
          kind: EffectKind(effect.kind), name: effect.name,
          cancelIDs: effect.cancelIDs.map { "\($0.base)" }, location: effect.location,
          startNanoseconds: self.sinceOrigin(at)))
    case let .effectEnded(id, outcome, at):
      pending.batch.effectEnds.append(
        EffectEndRecord(
          id: Int64(id.rawValue), endNanoseconds: self.sinceOrigin(at),
          outcome: EffectEndRecord.Outcome(outcome),
          actionsSent: self.actionsSent.removeValue(forKey: Int64(id.rawValue)) ?? 0))
    }
  }

  private func process(_ event: ActionEvent, into pending: inout PendingBatch) {
    let seq = Int64(event.id.rawValue)
    let origin: ActionRecord.Origin
    switch event.origin {
    case .send: origin = .send
    case let .effect(id):
      origin = .effect(Int64(id.rawValue))
      self.actionsSent[Int64(id.rawValue), default: 0] += 1
    }
    var description = self.describe(event.action)
    if description.matches(self.options.deniedActions) {
      pending.batch.notCaptured[.deniedAction(description.name), default: 0] += 1
      if self.encodesForReplay {
        pending.deniedToEncode.append((pending.batch.deniedInputs.count, event.action))
        pending.batch.deniedInputs.append(
          DeniedInputRecord(
            seq: seq, origin: origin, startNanoseconds: self.sinceOrigin(event.startTicks),
            encoding: []))
      }
      return
    }
    description.redact(self.options.redactedActionPaths)
    let diff = self.differ.operations(from: self.lastState, to: event.state)
    // NB: The state replaced is released with the rest of the batch's, all at once: the store's
    // thread retains the same objects for every action, and releasing them here one action at a
    // time pulls their reference counts back and forth between the two cores.
    pending.retired.append(self.lastState)
    self.lastState = event.state
    var encodedDiff: String?
    if !diff.isEmpty {
      let text = DiffOperation.jsonText(of: diff)
      self.lastHash.chain(encodedOperations: text)
      encodedDiff = text
    }
    if self.encodesForReplay {
      pending.actionsToEncode.append((pending.batch.actions.count, event.action))
    }
    pending.batch.actions.append(
      ActionRecord(
        seq: seq, origin: origin, name: description.name, payload: description.payload,
        startNanoseconds: self.sinceOrigin(event.startTicks),
        durationNanoseconds: self.scale.nanoseconds(spanning: event.durationTicks),
        stateChanged: !diff.isEmpty, stateHash: self.lastHash.value, diff: diff,
        encodedDiff: encodedDiff))
    for scope in event.scopes {
      pending.batch.scopes.append(
        ScopeRecord(
          actionSeq: seq, path: self.name(of: scope.path),
          selfNanoseconds: self.scale.nanoseconds(spanning: scope.selfTicks),
          totalNanoseconds: self.scale.nanoseconds(spanning: scope.totalTicks),
          calls: 1))
    }
    self.recordedSinceKeyframe += 1
    if self.recordedSinceKeyframe >= self.options.keyframeInterval {
      self.recordedSinceKeyframe = 0
      self.appendKeyframe(seq: seq, state: event.state, to: &pending)
    }
  }

  /// The nanoseconds from the recording's start to a tick reading of the store's thread.
  private func sinceOrigin(_ ticks: UInt64) -> Int64 {
    self.scale.nanoseconds(at: ticks) - self.origin
  }

  private func describe(_ action: Any) -> ActionDescription {
    if let hit = self.recentDescriptions.firstIndex(where: {
      self.differ.equality($0.action, action) == true
    }) {
      return self.recentDescriptions[hit].description
    }
    let description = ActionDescription(of: action)
    if self.differ.equality(action, action) != nil {
      if self.recentDescriptions.count == 4 { self.recentDescriptions.removeFirst() }
      self.recentDescriptions.append((action, description))
    }
    return description
  }

  /// The text of a scope path: its steps' names, joined by `/`.
  private func name(of path: ScopePath) -> String {
    if let known = self.scopePathNames[path] { return known }
    let name = path.map(\.name).joined(separator: "/")
    // NB: `forEach` puts element ids in paths, so there may be no end to them; the cache starts
    // over rather than grow with the elements an app ever had.
    if self.scopePathNames.count >= 4_096 { self.scopePathNames.removeAll(keepingCapacity: true) }
    self.scopePathNames[path] = name
    return name
  }

  /// Adds the keyframe at `seq`; its exact encoding is left to the writing stage.
  private func appendKeyframe(seq: Int64, state: Any, to pending: inout PendingBatch) {
    var reflected = Reflection.value(of: state)
    for path in self.options.redactedStatePaths {
      guard let path = try? TracePath(parsing: path) else { continue }
      try? reflected.apply(.replace(path, old: .null, new: .redacted))
    }
    // NB: The exact encoding would write redacted values, so it is kept only without redactions.
    if self.options.redactedStatePaths.isEmpty {
      pending.keyframesToEncode.append((pending.batch.keyframes.count, state))
    }
    pending.batch.keyframes.append(KeyframeRecord(seq: seq, state: reflected, codable: nil))
  }
}
