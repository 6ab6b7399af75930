/// Why the value at a state path is what it is after an action: the action that last changed
/// it, then the chain of causes back to an input sent from outside.
///
/// ```swift
/// let cause = try trace.cause(of: TracePath(parsing: "counter.count"), at: 57)
/// cause.chain.first?.seq   // the action that set it
/// cause.chain.last?.origin // .send: where the chain begins
/// ```
public struct ValueCause: Hashable, Sendable {
  /// The path asked about.
  public var path: TracePath
  /// Its value after ``at``.
  public var value: TraceValue
  /// The action after which the value was asked for.
  public var at: Int64
  /// The action that set the value, then the action that started the effect that sent it, and
  /// so on; empty when the value has been the same since the initial state.
  public var chain: [Link]

  /// One action of a chain.
  public struct Link: Hashable, Sendable {
    public var seq: Int64
    /// The action's case path.
    public var name: String
    /// Sent from outside, or by an effect.
    public var origin: ActionRecord.Origin
    public var startNanoseconds: Int64
    /// The effect that sent this action, for an action an effect sent.
    public var effect: EffectStartRecord?
    /// The value at the path before and after this action, when the action changed it.
    public var change: Change?
    /// Whether the trace holds the action; `false` for one the recorder's deny-list left out,
    /// of which only the seq (and, in a trace kept for replay, the origin) is known. Its `name`
    /// is then empty.
    public var isRecorded: Bool
    /// Whether ``origin`` is known: `false` only for an action left out whose origin the trace
    /// did not keep; the chain ends there.
    public var isOriginKnown: Bool
    /// Where in the app the action was sent from, when the trace knows it.
    public var site: SendSite?
    /// The state the action's reducer read, as it was before the action, each with the action
    /// that last set it; empty where the trace has no reads (see ``readsKnown``).
    public var reads: [Read] = []
    /// Whether the trace says what the action read (schema 7, recorded with reads on).
    public var readsKnown = false

    public init(
      seq: Int64, name: String, origin: ActionRecord.Origin, startNanoseconds: Int64,
      effect: EffectStartRecord?, change: Change?, isRecorded: Bool = true,
      isOriginKnown: Bool = true, site: SendSite? = nil
    ) {
      self.site = site
      self.isRecorded = isRecorded
      self.isOriginKnown = isOriginKnown
      self.seq = seq
      self.name = name
      self.origin = origin
      self.startNanoseconds = startNanoseconds
      self.effect = effect
      self.change = change
    }
  }

  /// A path an action's reducer read: its value before the action, the action that last set
  /// it and that action's chain of causes, as far as the search went.
  public struct Read: Hashable, Sendable {
    public var path: TracePath
    /// The value before the reading action; `nil` where the path led nowhere.
    public var value: TraceValue?
    /// The last action before the reading one that changed the value; `nil` when it has been
    /// the same since the initial state.
    public var setBy: Int64?
    /// The setter, then the action that started the effect that sent it, and so on; empty
    /// when there is no setter, when it is shown elsewhere in the answer (``shownElsewhere``),
    /// or past the depth asked for.
    public var chain: [Link]
    /// Whether the setter's chain is left out because the answer shows that action already.
    public var shownElsewhere: Bool

    public init(
      path: TracePath, value: TraceValue?, setBy: Int64?, chain: [Link] = [],
      shownElsewhere: Bool = false
    ) {
      self.path = path
      self.value = value
      self.setBy = setBy
      self.chain = chain
      self.shownElsewhere = shownElsewhere
    }
  }

  /// A value before and after an action; `nil` where the path led nowhere.
  public struct Change: Hashable, Sendable {
    public var old: TraceValue?
    public var new: TraceValue?

    public init(old: TraceValue?, new: TraceValue?) {
      self.old = old
      self.new = new
    }
  }

  public init(path: TracePath, value: TraceValue, at: Int64, chain: [Link]) {
    self.path = path
    self.value = value
    self.at = at
    self.chain = chain
  }
}
