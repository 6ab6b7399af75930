import Atomics
import EventReflection
import Foundation
import InstrumentationValues
import StateReflection
import Trace

/// The worker's first stage: takes the queued events about every 50 ms (sooner in a burst), names,
/// diffs and hashes them into records, and hands them on to the ``WritingStage`` in batches.
///
/// Everything it holds is used by its own thread alone.
final class RecordingStage: @unchecked Sendable {
  // NB: @unchecked: after `run` starts, nothing but its thread touches the stored properties;
  // `queue`, `handOff` and `writingFailed` are safe to share.
  private let queue: EventQueue<RecorderEvent, ActionValues>
  private let handOff: HandOff<PendingBatch>
  private let writingFailed: ManagedAtomic<Bool>
  private let turns: WorkerTurns
  private var sighting = WorkerTurns.Sighting()
  private let options: Recorder.Options
  private let differ: StructuralDiff
  private let origin: Int64
  private var lastState: Any
  /// The states replaced, until the store pauses.
  private var retired = RetiredStates()
  private var lastHash = StateHash(value: 0)
  private var recordedSinceKeyframe = 0
  private var actionsSent: [Int64: Int64] = [:]
  /// Whether actions and states are stored in their exact `Codable` encodings.
  private var encodesForReplay = false
  /// Converts the store thread's ticks to monotonic nanoseconds.
  private var scale = TickScale(clock: .current)
  /// The last few actions described, matched by `==`: high-frequency actions (ticks, keystrokes
  /// of the same key) repeat, and naming one reflects every enum level of it.
  private var recentDescriptions: [(action: Any, description: ActionDescription)] = []
  /// Scope paths as the trace names them, by path: naming a step describes its key path.
  private var scopePathNames: [ScopePath: String] = [:]
  /// The send sites' file names, made once per file.
  private var siteNames = SendSiteNames()
  /// Shared values as of the event being processed.
  private let shared: SharedValueBook
  /// What each reader last read of the app's clock, to tell the durations its sleeps asked for.
  private var askedDurations = AskedDurations()
  /// The store's id of the last action processed.
  private var lastActionID: UInt64 = 0
  /// For each change to a shared value recorded as an event of its own, the id of the action it
  /// came after: the trace's seqs count those events too, so a store's action id moves up by one
  /// for each of them before it.
  private var sharedEventsAfter: [UInt64] = []

  /// The most actions in one batch: enough for a cheap transaction, few enough that the writing
  /// stage starts on a burst while this stage is still on it.
  static var actionsPerBatch: Int { 2_048 }

  /// The most events the stage lets wait while the store sends a burst before it takes anyway:
  /// as many as the chunks the queue keeps for reuse hold, so a burst held off writes into
  /// memory already mapped.
  static var burstHeldOff: Int {
    EventQueue<RecorderEvent, ActionValues>.sparesKept
      * EventQueue<RecorderEvent, ActionValues>.Chunk.size
  }

  /// The most events one take moves out of the queue; the rest wait for the next.
  static var eventsPerTake: Int { 2 * Self.actionsPerBatch }

  init(
    queue: EventQueue<RecorderEvent, ActionValues>, handOff: HandOff<PendingBatch>,
    turns: WorkerTurns, writingFailed: ManagedAtomic<Bool>, options: Recorder.Options,
    initialState: Any, origin: Int64, sharedBaselines: SharedBaselines
  ) {
    self.queue = queue
    self.turns = turns
    self.handOff = handOff
    self.writingFailed = writingFailed
    self.options = options
    self.differ = StructuralDiff(redactedPaths: options.redactedStatePaths)
    self.origin = origin
    self.lastState = initialState
    self.shared = SharedValueBook(baselines: sharedBaselines)
  }

  /// Records until the queue is closed and empty, then tells the writing stage no more comes.
  func run(encodesForReplay: Bool) {
    self.encodesForReplay = encodesForReplay
    // NB: Shared values in the states reflected here read as they were when recorded.
    self.shared.withValues { self.record() }
    self.handOff.finish()
  }

  private func record() {
    var initial = PendingBatch()
    self.appendKeyframe(seq: 0, state: self.lastState, to: &initial)
    self.lastHash = StateHash(initial: initial.batch.keyframes[0].state)
    _ = self.handOff.send(initial)
    // NB: The same two arrays carry every take, emptied in between, so a burst is taken into
    // memory the stage already has.
    var events: [RecorderEvent] = []
    var payloads: [ActionValues] = []
    while let refused = self.queue.take(
      waitingUpTo: 0.05, orUntilBacklog: Self.actionsPerBatch,
      holdingOffUpTo: Self.burstHeldOff, for: 0.25, atMost: Self.eventsPerTake,
      into: &events, payloads: &payloads)
    {
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
      events.withUnsafeMutableBufferPointer { $0.reverse() }
      payloads.withUnsafeMutableBufferPointer { $0.reverse() }
      while !events.isEmpty {
        let isFull = self.turns.work(&self.sighting, storeAppended: self.queue.storeAppended) {
          self.fill(&pending, from: &events, payloads: &payloads)
        }
        if isFull {
          _ = self.handOff.send(pending)
          pending = PendingBatch()
        }
      }
      if !pending.batch.isEmpty || !pending.barriers.isEmpty {
        _ = self.handOff.send(pending)
      }
      self.retired.release(storeAppended: self.queue.storeAppended)
    }
  }

  /// Processes events off the end of `events` into `pending` until it holds a batch (`true`) or
  /// `events` is empty (`false`).
  private func fill(
    _ pending: inout PendingBatch, from events: inout [RecorderEvent],
    payloads: inout [ActionValues]
  ) -> Bool {
    while !events.isEmpty {
      let event = events.removeLast()
      guard !self.writingFailed.load(ordering: .acquiring) else {
        // Nothing more is written; flushes still wait for their turn, then return.
        if case let .barrier(barrier) = event { pending.barriers.append(barrier) }
        continue
      }
      // NB: Each action event's values are the next payload taken.
      switch consume event {
      case let .action(action):
        self.process(action, values: payloads.removeLast(), into: &pending)
      case let other:
        self.process(other, into: &pending)
      }
      if pending.eventCount >= Self.actionsPerBatch { return true }
    }
    return false
  }

  private func process(_ event: consuming RecorderEvent, into pending: inout PendingBatch) {
    switch consume event {
    case .action:
      preconditionFailure("An action event is processed with its values.")
    case let .barrier(barrier):
      pending.barriers.append(barrier)
    case let .dependency(read):
      switch read.stored {
      case var .value(record):
        record.reader = self.seq(of: record.reader)
        pending.batch.dependencyValues.append(record)
      case var .clock(request):
        if request.request == .now {
          self.askedDurations.now(request.nanoseconds, by: request.reader)
        }
        request.reader = self.seq(of: request.reader)
        pending.batch.clockRequests.append(request)
      case let .sleep(deadline, reader):
        let asked = self.askedDurations.sleep(until: deadline, by: reader)
        pending.batch.clockRequests.append(
          ClockRequestRecord(request: .sleep, reader: self.seq(of: reader), nanoseconds: asked))
      }
    case let .sharedChanged(change, at):
      self.process(change, at: at, into: &pending)
    case let .effectStarted(effect, at):
      pending.batch.effectStarts.append(
        EffectStartRecord(
          id: Int64(effect.id.rawValue), actionSeq: self.seq(ofAction: effect.action.rawValue),
          kind: EffectKind(effect.kind), name: effect.name,
          cancelIDs: effect.cancelIDs.map { CancelIDText.describing($0.base) },
          location: effect.location,
          startNanoseconds: self.sinceOrigin(at)))
    case let .effectEnded(id, outcome, at):
      self.end(id, EffectEndRecord.Outcome(outcome), at: at, into: &pending)
    case let .effectReturned(id, action, at):
      pending.batch.effectStarts.append(
        EffectStartRecord(
          id: Int64(id.rawValue), actionSeq: self.seq(ofAction: action.rawValue),
          kind: .returned, name: nil, cancelIDs: [], location: nil,
          startNanoseconds: self.sinceOrigin(at)))
    case let .effectEndedUnseen(id, taskCancelled, at):
      self.end(id, taskCancelled ? .cancelled(.taskCancelled) : .ended, at: at, into: &pending)
    }
  }

  private func end(
    _ id: EffectID, _ outcome: EffectEndRecord.Outcome, at ticks: UInt64,
    into pending: inout PendingBatch
  ) {
    pending.batch.effectEnds.append(
      EffectEndRecord(
        id: Int64(id.rawValue), endNanoseconds: self.sinceOrigin(ticks), outcome: outcome,
        actionsSent: self.actionsSent.removeValue(forKey: Int64(id.rawValue)) ?? 0))
  }

  private func process(
    _ event: ActionEvent, values: consuming ActionValues, into pending: inout PendingBatch
  ) {
    let action = values.action
    let state = values.state
    self.lastActionID = event.id.rawValue
    let seq = self.seq(ofAction: event.id.rawValue)
    let steps = event.sharedChanges.isEmpty ? [:] : self.shared.apply(event.sharedChanges)
    let origin: ActionRecord.Origin
    switch event.origin {
    case .send: origin = .send
    case let .effect(id):
      origin = .effect(Int64(id.rawValue))
      self.actionsSent[Int64(id.rawValue), default: 0] += 1
    }
    var description = self.describe(action)
    if description.matches(self.options.deniedActions) {
      pending.batch.notCaptured[.deniedAction(description.name), default: 0] += 1
      if self.encodesForReplay {
        pending.deniedToEncode.append(
          (pending.batch.deniedInputs.count, action, self.shared.frozenLookup()))
        pending.batch.deniedInputs.append(
          DeniedInputRecord(
            seq: seq, origin: origin, startNanoseconds: self.sinceOrigin(event.startTicks),
            encoding: []))
      }
      return
    }
    description.redact(self.options.redactedActionPaths)
    var diff = self.differ.operations(from: self.lastState, to: state)
    if !steps.isEmpty {
      diff += self.shared.operations(
        of: steps, in: state, besides: diff, differ: self.differ)
    }
    // NB: The state replaced is released later, with others, while the store pauses (see
    // ``RetiredStates``).
    self.retired.retire(self.lastState)
    self.lastState = state
    var encodedDiff: String?
    if !diff.isEmpty {
      let text = DiffOperation.jsonText(of: diff)
      self.lastHash.chain(encodedOperations: text)
      encodedDiff = text
    }
    if self.encodesForReplay {
      let key = description.wholeTypes.map {
        EncodingCache.Key(name: description.name, types: $0)
      }
      // NB: Cases all the way down hold no `Shared`; anything else might.
      pending.actionsToEncode.append(
        (pending.batch.actions.count, action, key, key == nil ? self.shared.frozenLookup() : nil))
    }
    pending.batch.actions.append(
      ActionRecord(
        seq: seq, origin: origin, name: description.name, payload: description.payload,
        startNanoseconds: self.sinceOrigin(event.startTicks),
        durationNanoseconds: self.scale.nanoseconds(spanning: event.durationTicks),
        stateChanged: !diff.isEmpty, stateHash: self.lastHash.value, diff: diff,
        encodedDiff: encodedDiff, site: event.site.map { self.siteNames.site($0) },
        reads: event.reads.map { $0.paths().map(Self.tracePath) },
        clockNanoseconds: self.clockNanoseconds(event)))
    event.scopes.forEach { scope in
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
      self.appendKeyframe(seq: seq, state: state, to: &pending)
    }
  }

  /// The trace's seq of the store's action `id`: the id, moved up by one for each change to a
  /// shared value recorded as an event of its own before the action.
  private func seq(ofAction id: UInt64) -> Int64 {
    guard !self.sharedEventsAfter.isEmpty else { return Int64(id) }
    var low = 0
    var high = self.sharedEventsAfter.count
    while low < high {
      let middle = (low + high) / 2
      if self.sharedEventsAfter[middle] < id { low = middle + 1 } else { high = middle }
    }
    return Int64(id) + Int64(low)
  }

  /// A reader as the trace names it: an action by its seq.
  private func seq(of reader: DependencyValueRecord.Reader) -> DependencyValueRecord.Reader {
    guard case let .action(id) = reader else { return reader }
    return .action(self.seq(ofAction: UInt64(id)))
  }

  /// Records a change to a shared value made outside the store's reducer as an event of its own,
  /// when the value is part of the store's state.
  private func process(
    _ change: SharedChange, at ticks: UInt64, into pending: inout PendingBatch
  ) {
    let steps = self.shared.apply([change])
    let located = ReferenceLocator.locations(
      of: [ObjectIdentifier(change.root)], in: self.lastState)
    guard let path = located.first?.path else { return }
    let diff = self.shared.operations(
      of: steps, in: self.lastState, besides: [], differ: self.differ)
    guard !diff.isEmpty else { return }
    self.sharedEventsAfter.append(self.lastActionID)
    let seq = Int64(self.lastActionID) + Int64(self.sharedEventsAfter.count)
    let text = DiffOperation.jsonText(of: diff)
    self.lastHash.chain(encodedOperations: text)
    if self.encodesForReplay {
      pending.actionsToEncode.append((pending.batch.actions.count, change.value, nil, nil))
    }
    pending.batch.actions.append(
      ActionRecord(
        seq: seq, origin: .shared, name: change.root.keyName,
        payload: .object([
          .init("source", .string(change.source.text)),
          .init("path", .string(path.description)),
        ]),
        startNanoseconds: self.sinceOrigin(ticks), durationNanoseconds: 0, stateChanged: true,
        stateHash: self.lastHash.value, diff: diff, encodedDiff: text))
    self.recordedSinceKeyframe += 1
    if self.recordedSinceKeyframe >= self.options.keyframeInterval {
      self.recordedSinceKeyframe = 0
      self.appendKeyframe(seq: seq, state: self.lastState, to: &pending)
    }
  }

  /// A read's path as the trace writes paths: an id as its text.
  private static func tracePath(_ path: StateReadLog.Path) -> TracePath {
    TracePath(
      path.steps.map { step in
        switch step {
        case let .field(name): .field(name)
        case let .id(id): .id(String(describing: id.base))
        }
      })
  }

  /// The nanoseconds from the recording's start to a tick reading of the store's thread.
  /// The action's time on the app's clock, since the recording clock started.
  private func clockNanoseconds(_ event: ActionEvent) -> Int64? {
    switch event.clockTime {
    case .unknown: nil
    case let .read(nanoseconds): nanoseconds
    case let .ticks(since): self.sinceOrigin(event.startTicks) - self.sinceOrigin(since)
    }
  }

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
      pending.keyframesToEncode.append(
        (pending.batch.keyframes.count, state, self.shared.frozenLookup()))
    }
    pending.batch.keyframes.append(KeyframeRecord(seq: seq, state: reflected, codable: nil))
  }
}
