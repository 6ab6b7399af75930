/// One action the store received, as recorded.
public struct ActionRecord: Hashable, Sendable {
  /// Where an action came from.
  public enum Origin: Hashable, Sendable {
    case send
    case effect(Int64)
    /// Not an action: a change to a shared value made outside any action (another store, a file
    /// changed on disk, an effect's `withLock`). Its name is the value's key, its payload where
    /// the change came from and where the value sits in the state.
    case shared
  }

  /// The store's sequence number; actions left out by the deny-list leave gaps.
  public var seq: Int64
  public var origin: Origin
  /// The case path of the action: `todos.element.toggleCompleted`.
  public var name: String
  /// The action's payload, reflected; `nil` when the case has none.
  public var payload: TraceValue?
  /// When the reducer started, in nanoseconds since the recording started (monotonic).
  public var startNanoseconds: Int64
  /// How long the root reducer ran.
  public var durationNanoseconds: Int64
  public var stateChanged: Bool
  /// A hash of the state after the action (see the recorder for how it is chained).
  public var stateHash: Int64
  /// The state change, as path-level operations; empty when nothing changed.
  public var diff: [DiffOperation]
  /// `diff` already encoded as JSON, when the writer's caller has it (the recorder hashes it);
  /// the writer then stores it as is instead of encoding again.
  public var encodedDiff: String?
  /// The action's exact `Codable` encoding (JSON), when its type is `Codable` (schema 3 on).
  public var encoding: [UInt8]?
  /// Where the action was sent from, when known (schema 4 on).
  public var site: SendSite?
  /// The state paths the action's reducer read, in the order first read, a path left out when
  /// a narrower one inside it was read; `nil` when the recorder did not take reads (schema 7 on).
  public var reads: [TracePath]?
  /// The time on the app's `\.continuousClock` when the reducer ran, in nanoseconds since the
  /// recording began; `nil` when the recorder could not read it (schema 8 on).
  public var clockNanoseconds: Int64?

  /// The reads as one line: `items, discountPercent`, or `nothing from the state`; `nil` where
  /// the recorder did not take them.
  public var readsText: String? {
    self.reads.map {
      $0.isEmpty ? "nothing from the state" : $0.map(\.description).joined(separator: ", ")
    }
  }

  public init(
    seq: Int64, origin: Origin, name: String, payload: TraceValue?, startNanoseconds: Int64,
    durationNanoseconds: Int64, stateChanged: Bool, stateHash: Int64, diff: [DiffOperation],
    encodedDiff: String? = nil, encoding: [UInt8]? = nil, site: SendSite? = nil,
    reads: [TracePath]? = nil, clockNanoseconds: Int64? = nil
  ) {
    self.reads = reads
    self.clockNanoseconds = clockNanoseconds
    self.encoding = encoding
    self.site = site
    self.seq = seq
    self.origin = origin
    self.name = name
    self.payload = payload
    self.startNanoseconds = startNanoseconds
    self.durationNanoseconds = durationNanoseconds
    self.stateChanged = stateChanged
    self.stateHash = stateHash
    self.diff = diff
    self.encodedDiff = encodedDiff
  }
}
