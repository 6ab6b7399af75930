import ComposableRuntime
import Foundation
import StateReflection
import Trace

/// One store's recording, the recorder's worker: on its own thread it takes the queued events,
/// reflects and diffs them, and writes them to the trace in batches, one transaction at most
/// about every 50 ms.
final class RecordingSession: @unchecked Sendable {
  // NB: @unchecked: after `start`, everything but `queue` is touched only by the worker thread.
  let queue: EventQueue<RecorderEvent>
  private let writer: TraceWriter
  private let options: Recorder.Options
  private let differ: StructuralDiff
  private let origin: Int64
  private var lastState: Any
  /// The states replaced while processing the current batch, released once it is written.
  private var retired: [Any] = []
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
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()

  /// Starts the worker thread.
  func start(stateType: String, actionType: String, notReplayable: String?) {
    self.encodesForReplay = notReplayable == nil
    let thread = Thread { [self] in
      self.run(stateType: stateType, actionType: actionType, notReplayable: notReplayable)
    }
    thread.name = "tca-replay recorder"
    thread.start()
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

  private func run(stateType: String, actionType: String, notReplayable: String?) {
    do {
      try self.writer.setRootTypes(state: stateType, action: actionType)
      try self.writer.setNotReplayable(notReplayable)
      var initial = TraceBatch()
      initial.keyframes.append(self.keyframe(seq: 0, state: self.lastState))
      self.lastHash = StateHash(initial: initial.keyframes[0].state)
      try self.writer.write(initial)
      while let (events, refused) = self.queue.take(waitingUpTo: 0.05) {
        // The events were stamped before this reading, so they convert between it and the last.
        self.scale.advance()
        var batch = TraceBatch()
        if refused.overLimit > 0 {
          batch.notCaptured[.overMemoryLimit, default: 0] += Int64(refused.overLimit)
        }
        if refused.afterClose > 0 {
          batch.notCaptured[.afterFinish, default: 0] += Int64(refused.afterClose)
        }
        var barriers: [CheckedContinuation<Void, Never>] = []
        // NB: Reversed, then taken off the end one by one, the events are moved out of the array
        // rather than copied: a copy retains everything the event holds, and the array releases
        // it all again at the end. The buffer's swaps move too, where the array's would copy.
        var events = consume events
        events.withUnsafeMutableBufferPointer { $0.reverse() }
        while !events.isEmpty {
          self.process(events.removeLast(), into: &batch, barriers: &barriers)
        }
        try self.writer.write(batch)
        self.retired.removeAll(keepingCapacity: true)
        for barrier in barriers { barrier.resume() }
      }
      try self.writer.finish(
        cleanly: true, reason: "finished", endNanoseconds: MonotonicClock.now() - self.origin)
      self.endReason = "finished"
    } catch {
      let reason = "stopped: \(error)"
      self.endReason = reason
      self.queue.close()
      // Nothing more is written; release whoever waits for a flush. Closed, the queue refuses
      // barriers from now on, so one take finds every one still waiting.
      if let (events, _) = self.queue.take(waitingUpTo: 0) {
        for case let .barrier(continuation) in events { continuation.resume() }
      }
      try? self.writer.finish(
        cleanly: false, reason: reason, endNanoseconds: MonotonicClock.now() - self.origin)
      // NB: Reported once, on standard error: this thread has no task context an issue could
      // belong to. `Recorder.endReason` and the trace's header say the same.
      FileHandle.standardError.write(
        Data("tca-replay: stopped recording to \(self.writer.path): \(error)\n".utf8))
    }
    let waiting = self.done.withValue { waiting in
      defer { waiting = nil }
      return waiting ?? []
    }
    for continuation in waiting { continuation.resume() }
  }

  private func process(
    _ event: consuming RecorderEvent, into batch: inout TraceBatch,
    barriers: inout [CheckedContinuation<Void, Never>]
  ) {
    switch consume event {
    case let .action(action):
      self.process(action, into: &batch)
    case let .barrier(continuation):
      barriers.append(continuation)
    case let .dependency(read):
      batch.dependencyValues.append(read.record)
    case let .effectStarted(effect, at):
      batch.effectStarts.append(
        EffectStartRecord(
          id: Int64(effect.id.rawValue), actionSeq: Int64(effect.action.rawValue),
          kind: EffectKind(effect.kind), name: effect.name,
          cancelIDs: effect.cancelIDs.map { "\($0.base)" }, location: effect.location,
          startNanoseconds: self.sinceOrigin(at)))
    case let .effectEnded(id, outcome, at):
      batch.effectEnds.append(
        EffectEndRecord(
          id: Int64(id.rawValue), endNanoseconds: self.sinceOrigin(at),
          outcome: EffectEndRecord.Outcome(outcome),
          actionsSent: self.actionsSent.removeValue(forKey: Int64(id.rawValue)) ?? 0))
    }
  }

  private func process(_ event: ActionEvent, into batch: inout TraceBatch) {
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
      batch.notCaptured[.deniedAction(description.name), default: 0] += 1
      if let encoding = self.encoding(of: event.action) {
        batch.deniedInputs.append(
          DeniedInputRecord(
            seq: seq, origin: origin, startNanoseconds: self.sinceOrigin(event.startTicks),
            encoding: encoding))
      }
      return
    }
    description.redact(self.options.redactedActionPaths)
    let diff = self.differ.operations(from: self.lastState, to: event.state)
    // NB: The state replaced is released with the rest of the batch's, all at once: the store's
    // thread retains the same objects for every action, and releasing them here one action at a
    // time pulls their reference counts back and forth between the two cores.
    self.retired.append(self.lastState)
    self.lastState = event.state
    var encodedDiff: String?
    if !diff.isEmpty {
      let text = DiffOperation.jsonText(of: diff)
      self.lastHash.chain(encodedOperations: text)
      encodedDiff = text
    }
    batch.actions.append(
      ActionRecord(
        seq: seq, origin: origin, name: description.name, payload: description.payload,
        startNanoseconds: self.sinceOrigin(event.startTicks),
        durationNanoseconds: self.scale.nanoseconds(spanning: event.durationTicks),
        stateChanged: !diff.isEmpty, stateHash: self.lastHash.value, diff: diff,
        encodedDiff: encodedDiff, encoding: self.encoding(of: event.action)))
    for scope in event.scopes {
      batch.scopes.append(
        ScopeRecord(
          actionSeq: seq, path: self.name(of: scope.path),
          selfNanoseconds: self.scale.nanoseconds(spanning: scope.selfTicks),
          totalNanoseconds: self.scale.nanoseconds(spanning: scope.totalTicks),
          calls: 1))
    }
    self.recordedSinceKeyframe += 1
    if self.recordedSinceKeyframe >= self.options.keyframeInterval {
      self.recordedSinceKeyframe = 0
      batch.keyframes.append(self.keyframe(seq: seq, state: event.state))
    }
  }

  /// The exact `Codable` encoding of `action`, when the trace is replayable.
  private func encoding(of action: Any) -> [UInt8]? {
    guard self.encodesForReplay, let encodable = action as? any Encodable else { return nil }
    return (try? self.encoder.encode(encodable)).map(Array.init)
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

  private func keyframe(seq: Int64, state: Any) -> KeyframeRecord {
    var reflected = Reflection.value(of: state)
    for path in self.options.redactedStatePaths {
      guard let path = try? TracePath(parsing: path) else { continue }
      try? reflected.apply(.replace(path, old: .null, new: .redacted))
    }
    var codable: [UInt8]?
    // NB: The exact encoding would write redacted values, so it is kept only without redactions.
    if self.options.redactedStatePaths.isEmpty, let encodable = state as? any Encodable {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      codable = (try? encoder.encode(encodable)).map(Array.init)
    }
    return KeyframeRecord(seq: seq, state: reflected, codable: codable)
  }
}
