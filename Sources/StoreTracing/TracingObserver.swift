import ComposableRuntime
import RuntimeReflection
import StateReflection
import Trace
import Tracing

/// Turns a store's instrumentation events into spans of `tracer`: one per action, from the start
/// of its reducer to its end; one per child scope inside it; one per effect, from its start to its
/// outcome. An effect's span is a child of the action that started it and the parent of the
/// actions it sends.
///
/// NB: Spans are started with the store's own events and ended at the next one, on the store's
/// actor; nothing here reads a clock of its own. The observer it wraps (a recorder) is told first
/// when an event ends a measurement and last when one starts it, so the tracer's work stays out of
/// the recorded durations.
@MainActor
final class TracingObserver<State, Action, T: Tracer>: StoreObserver {
  private let tracer: T
  private let inner: (any StoreObserver<State, Action>)?
  private let recordsSequence: Bool

  /// Actions received and not reduced yet: their names and the context their spans start in.
  private var received:
    [ActionID: (name: String, origin: ActionOrigin, parent: InstrumentationContext)] =
      [:]
  /// The span of the action being reduced.
  private var actionSpan: T.Span?
  /// The state before the action being reduced, to count the paths it changes.
  private var stateBefore: State?
  /// The spans of the scopes entered and not left, outermost first.
  private var scopeSpans: [T.Span] = []
  /// The context of each action whose effects may still start, with how many of them run.
  private var actions: [ActionID: (context: InstrumentationContext, running: Int)] = [:]
  /// Actions whose effects have all ended; forgotten when the next action is reduced, since a
  /// concatenated effect starts right after the one before it ends.
  private var retiring: [ActionID] = []
  /// The spans of the effects running, with the action that started each.
  private var effects: [EffectID: (span: T.Span, action: ActionID)] = [:]

  init(tracer: T, inner: (any StoreObserver<State, Action>)?, recordsSequence: Bool) {
    self.tracer = tracer
    self.inner = inner
    self.recordsSequence = recordsSequence
  }

  func storeDidReceive(
    _ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?
  ) {
    let parent: InstrumentationContext
    switch origin {
    case .send: parent = InstrumentationContext.current ?? .topLevel
    case let .effect(effect): parent = self.effects[effect]?.span.context ?? .topLevel
    }
    self.received[id] = (ActionDescription(of: action).name, origin, parent)
    self.inner?.storeDidReceive(action, id: id, origin: origin, site: site)
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    self.forgetRetiredActions()
    if let received = self.received.removeValue(forKey: action) {
      let span = self.tracer.startSpan(received.name, context: received.parent)
      span.attributes[StoreSpanAttribute.actionOrigin] =
        if case .send = received.origin { "send" } else { "effect" }
      if self.recordsSequence {
        span.attributes[StoreSpanAttribute.actionSeq] = Int64(action.rawValue)
      }
      self.actionSpan = span
      self.stateBefore = state
      self.actions[action] = (span.context, 0)
    }
    self.inner?.reducerWillRun(action, state: state)
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    self.inner?.reducerDidRun(action, state: state)
    // NB: After the recorder has taken its measurement, so the diff stays out of the recorded
    // duration; it costs only a store traced into a real tracer (with none, nothing is attached).
    if let span = self.actionSpan, let before = self.stateBefore.take() {
      let paths = Set(StateDiff.operations(from: before, to: state).map(\.path.description))
      span.attributes[StoreSpanAttribute.actionChangedPaths] = Int64(paths.count)
    }
    self.actionSpan?.end()
    self.actionSpan = nil
    self.retiring.append(action)
  }

  func scopeWillRun(_ path: ScopePath, action: ActionID) {
    if let parent = self.scopeSpans.last?.context ?? self.actionSpan?.context {
      let name = path.map(\.name).joined(separator: "/")
      let span = self.tracer.startSpan(name, context: parent)
      span.attributes[StoreSpanAttribute.scopePath] = name
      self.scopeSpans.append(span)
    }
    self.inner?.scopeWillRun(path, action: action)
  }

  func scopeDidRun(_ path: ScopePath, action: ActionID) {
    self.inner?.scopeDidRun(path, action: action)
    self.scopeSpans.popLast()?.end()
  }

  func effectDidStart(_ effect: EffectStart) {
    let parent = self.actions[effect.action]?.context ?? .topLevel
    let kind = EffectKind(effect.kind)
    let span = self.tracer.startSpan(
      effect.name ?? "\(kind.rawValue) effect", context: parent)
    span.updateAttributes { attributes in
      attributes[StoreSpanAttribute.effectKind] = kind.rawValue
      if let name = effect.name { attributes[StoreSpanAttribute.effectName] = name }
      if let location = effect.location { attributes[StoreSpanAttribute.effectLocation] = location }
      if !effect.cancelIDs.isEmpty {
        attributes[StoreSpanAttribute.effectCancelIDs] =
          effect.cancelIDs.map { String(describing: $0.base) }
      }
    }
    self.actions[effect.action]?.running += 1
    self.effects[effect.id] = (span, effect.action)
    self.inner?.effectDidStart(effect)
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    self.inner?.effectDidEnd(effect, outcome: outcome)
    guard let (span, action) = self.effects.removeValue(forKey: effect) else { return }
    let recorded = EffectEndRecord.Outcome(outcome)
    span.updateAttributes { attributes in
      attributes[StoreSpanAttribute.effectOutcome] = recorded.spelling.rawValue
      if let reason = recorded.reason {
        attributes[StoreSpanAttribute.effectCancellationReason] = reason.spelling.rawValue
        if let id = reason.cancelID { attributes[StoreSpanAttribute.effectCancelledBy] = id }
      }
      if let error = recorded.error { attributes[StoreSpanAttribute.effectError] = error }
    }
    if case let .failed(error) = outcome {
      span.recordError(error)
      span.setStatus(SpanStatus(code: .error, message: recorded.error))
    }
    span.end()
    if let entry = self.actions[action] {
      self.actions[action]?.running = entry.running - 1
      if entry.running == 1 { self.retiring.append(action) }
    }
  }

  /// Forgets the actions no effect of which runs any more.
  private func forgetRetiredActions() {
    guard !self.retiring.isEmpty else { return }
    for action in self.retiring where self.actions[action]?.running == 0 {
      self.actions[action] = nil
    }
    self.retiring.removeAll(keepingCapacity: true)
  }
}
