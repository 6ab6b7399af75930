import IssueReporting

/// Starts the effects a store's reducer returns, keeps the cancellation registry of that store,
/// and reports each effect's start and its one outcome to the observer.
@MainActor
final class EffectRunner<Action> {
  /// Hands an action an effect sent back to the store, with where in the effect it was sent.
  typealias Deliver = @MainActor @Sendable (Action, ActionOrigin, SendGroup, SendLocation?) -> Void

  /// Where an effect (or part of one) starts: the action behind it, the `StoreTask` it belongs to
  /// and the cancellable groups around it, innermost last.
  @MainActor
  struct Context {
    let action: ActionID
    let sendGroup: SendGroup
    var groups: [CancellationGroup] = []

    var isCancelled: Bool {
      self.sendGroup.isCancelled || self.groups.contains { $0.isCancelled }
    }
    var cancelIDs: [AnyHashableSendable] { self.groups.reversed().map(\.cancelID.id) }
  }

  var observer: (any StoreObserver)?

  /// The observer to report to: none when the hook sites are compiled out.
  private var reporting: (any StoreObserver)? { hookSitesCompiledIn ? self.observer : nil }
  private let deliver: Deliver
  /// Whether effects run, or are only tracked.
  let execution: EffectExecution
  private var lastEffectID: UInt64 = 0
  private var running: [EffectID: EffectRecord] = [:]
  private var registry: [CancelID: [ObjectIdentifier: CancellationGroup]] = [:]
  /// The `.run` effects started but not run, in ``EffectExecution/tracked`` mode, until they end.
  private var tracked: [EffectID: TrackedEffect] = [:]

  /// A `.run` effect that was started without running its work.
  private struct TrackedEffect {
    let record: EffectRecord
    let groups: [CancellationGroup]
    let sendGroup: SendGroup
    let cleanup: (@Sendable () -> Void)?
    let completion: (@MainActor () -> Void)?
  }

  init(execution: EffectExecution = .run, deliver: @escaping Deliver) {
    self.execution = execution
    self.deliver = deliver
  }

  /// The tracked effects not yet ended, oldest first.
  var trackedEffects: [EffectID] {
    self.tracked.keys.sorted()
  }

  /// Ends a tracked effect with `outcome`, as its work would have; `false` when no tracked effect
  /// with that id is running.
  @discardableResult
  func endTracked(_ id: EffectID, outcome: EffectOutcome) -> Bool {
    // NB: A cancellation from outside the reducer cancels what it cancelled when recorded (the
    // store task's effects, or the groups the effect is in), so that what is concatenated after
    // the effect (a presentation's `.dismiss`) does not start. The records' own cancellation
    // then ends this effect.
    if case let .cancelled(reason) = outcome, let effect = self.tracked[id],
      effect.record.reason == nil
    {
      switch reason {
      case .storeTaskCancelled: effect.sendGroup.cancelAll(reason)
      case .storeReleased: for group in effect.groups { group.cancel(reason) }
      default: break
      }
      effect.record.cancel(reason)
      if self.tracked[id] == nil { return true }
    }
    guard let effect = self.tracked.removeValue(forKey: id) else { return false }
    let reason = effect.record.complete()
    effect.cleanup?()
    for group in effect.groups { group.remove(effect.record) }
    self.running[id] = nil
    self.reporting?.effectDidEnd(id, outcome: reason.map { .cancelled($0) } ?? outcome)
    effect.completion?()
    return true
  }

  isolated deinit {
    self.cancelAll(.storeReleased)
  }

  /// Starts `effect`, calling `completion` once all of it has ended (or could not start).
  func start(
    _ effect: Effect<Action>,
    in context: Context,
    then completion: (@MainActor () -> Void)? = nil
  ) {
    switch effect.operation {
    case .none:
      completion?()
    case let .send(action):
      if !context.isCancelled { self.startSend(action, in: context) }
      completion?()
    case let .mappedSend(action):
      if !context.isCancelled { self.startSend(action(), in: context) }
      completion?()
    case let .run(run):
      if context.isCancelled {
        completion?()
      } else {
        self.startRun(run, in: context, then: completion)
      }
    case let .cancel(id, reason):
      self.cancel(id, reason)
      completion?()
    case let .cancelNavigation(path):
      self.cancelDescendants(of: path)
      completion?()
    case let .merge(effects):
      guard let completion else {
        for effect in effects { self.start(effect, in: context) }
        return
      }
      var remaining = effects.count
      for effect in effects {
        self.start(effect, in: context) {
          remaining -= 1
          if remaining == 0 { completion() }
        }
      }
    case let .concatenate(effects):
      self.startSequence(effects[...], in: context, then: completion)
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { self.cancel(id, .cancelInFlight(id.id)) }
      let group = CancellationGroup(cancelID: id)
      self.register(group)
      var inner = context
      inner.groups.append(group)
      self.start(effect, in: inner) { [weak self] in
        self?.unregister(group)
        completion?()
      }
    }
  }

  /// Cancels every running effect, as when the store is released.
  func cancelAll(_ reason: CancellationReason) {
    for group in self.registry.values.flatMap(\.values) { group.cancel(reason) }
    for record in self.running.values.sorted(by: { $0.id < $1.id }) { record.cancel(reason) }
  }

  private func startSequence(
    _ effects: ArraySlice<Effect<Action>>,
    in context: Context,
    then completion: (@MainActor () -> Void)?
  ) {
    guard let first = effects.first else {
      completion?()
      return
    }
    self.start(first, in: context) { [weak self] in
      self?.startSequence(effects.dropFirst(), in: context, then: completion)
    }
  }

  private func nextID() -> EffectID {
    self.lastEffectID += 1
    return EffectID(rawValue: self.lastEffectID)
  }

  private func startSend(_ action: Action, in context: Context) {
    let id = self.nextID()
    self.reporting?.effectDidStart(
      EffectStart(
        id: id, action: context.action, kind: .send, name: nil, cancelIDs: context.cancelIDs,
        location: nil
      )
    )
    // NB: A tracked `.send` is reported and not delivered: the recording being replayed holds the
    // action it sent, and delivers it in its place.
    if self.execution == .run { self.deliver(action, .effect(id), context.sendGroup, nil) }
    self.reporting?.effectDidEnd(id, outcome: .finished)
  }

  private func startRun(
    _ run: RunOperation<Action>,
    in context: Context,
    then completion: (@MainActor () -> Void)?
  ) {
    let id = self.nextID()
    let record = EffectRecord(id: id, navigationIDPath: run.navigationIDPath)
    for group in context.groups { group.insert(record) }
    self.running[id] = record
    context.sendGroup.append(record)
    self.reporting?.effectDidStart(
      EffectStart(
        id: id, action: context.action, kind: run.kind, name: run.name,
        cancelIDs: context.cancelIDs, location: "\(run.location.fileID):\(run.location.line)"
      )
    )
    if self.execution == .tracked {
      self.tracked[id] = TrackedEffect(
        record: record, groups: context.groups, sendGroup: context.sendGroup,
        cleanup: run.cleanup, completion: completion)
      record.onCancel { [weak self] reason in
        MainActor.assumeIsolated { _ = self?.endTracked(id, outcome: .cancelled(reason)) }
      }
      return
    }

    let deliver = self.deliver
    let sendGroup = context.sendGroup
    let send = Send<Action>(sendingFrom: { action, site in
      if record.isCompleted {
        reportIssue(
          """
          An action was sent from a completed effect: \(describe(action))

          Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
          completed. This can happen if you escape the 'send' argument in an unstructured context.
          """
        )
      }
      deliver(action, .effect(id), sendGroup, site)
    })
    let observer = self.reporting
    let groups = context.groups
    let task = Task(name: run.name, priority: run.priority) { @MainActor [weak self] in
      let outcome = await EffectID.$current.withValue(id) {
        await Self.perform(run, send: send, record: record)
      }
      for group in groups { group.remove(record) }
      self?.running[id] = nil
      // NB: The observer is held strongly so that an effect outliving its store still ends.
      observer?.effectDidEnd(id, outcome: outcome)
      completion?()
    }
    record.attach(task)
  }

  /// Runs the work of a `.run` effect and decides its one outcome.
  private static func perform(
    _ run: RunOperation<Action>,
    send: Send<Action>,
    record: EffectRecord
  ) async -> EffectOutcome {
    var failure: (any Error)?
    var threwCancellation = false
    do {
      try await run.operation(send)
    } catch is CancellationError {
      threwCancellation = true
    } catch {
      if record.reason != nil || Task.isCancelled {
        threwCancellation = true
      } else {
        failure = error
        if let handler = run.handler {
          await handler(error, send)
        } else {
          reportIssue(
            """
            An 'Effect.run' returned from "\(run.location.fileID):\(run.location.line)" threw an \
            unhandled error: \(String(reflecting: error))

            All non-cancellation errors must be explicitly handled via the 'catch' parameter on \
            'Effect.run', or via a 'do' block.
            """,
            fileID: run.location.fileID,
            filePath: run.location.filePath,
            line: run.location.line,
            column: run.location.column
          )
        }
      }
    }
    if let reason = record.complete() { return .cancelled(reason) }
    if let failure { return .failed(failure) }
    if threwCancellation { return .cancelled(.threwCancellationError) }
    return .finished
  }

  private func cancel(_ id: CancelID, _ reason: CancellationReason) {
    guard let groups = self.registry[id] else { return }
    for group in groups.values { group.cancel(reason) }
  }

  private func cancelDescendants(of path: NavigationIDPath) {
    for group in self.registry.values.flatMap(\.values)
    where group.cancelID.navigationIDPath.hasPrefix(path) {
      group.cancel(.dismissed)
    }
    for record in self.running.values.sorted(by: { $0.id < $1.id })
    where record.navigationIDPath.hasPrefix(path) {
      record.cancel(.dismissed)
    }
  }

  private func register(_ group: CancellationGroup) {
    for key in group.cancelID.withPathPrefixes {
      self.registry[key, default: [:]][ObjectIdentifier(group)] = group
    }
  }

  private func unregister(_ group: CancellationGroup) {
    for key in group.cancelID.withPathPrefixes {
      self.registry[key]?[ObjectIdentifier(group)] = nil
      if self.registry[key]?.isEmpty == true { self.registry[key] = nil }
    }
  }
}
