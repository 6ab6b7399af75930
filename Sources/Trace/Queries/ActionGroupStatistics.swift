/// What the actions of one case path (or one case-path prefix) cost: how many, how often at
/// most, and how long their reducers ran.
public struct ActionGroupStatistics: Hashable, Sendable {
  /// The case path, or a prefix ending in `.*` when grouped by depth.
  public var name: String
  public var count: Int
  /// The most actions of the group that started within one second.
  public var peakPerSecond: Int
  /// When the busiest second started.
  public var peakStartNanoseconds: Int64 = 0
  /// Reducer time: total, and the nearest-rank percentiles (p50, p95, p99) and maximum.
  public var totalNanoseconds: Int64
  public var p50Nanoseconds: Int64
  public var p95Nanoseconds: Int64
  public var p99Nanoseconds: Int64
  public var maxNanoseconds: Int64
  /// Reducer times by bucket, when asked for with edges (see
  /// ``TraceReader/reducerTimeHistogram(edges:)``); empty otherwise.
  public var histogram: [Int] = []

  /// Mean reducer time.
  public var meanNanoseconds: Int64 { count == 0 ? 0 : totalNanoseconds / Int64(count) }

  /// Creates the record from its fields.
  public init(
    name: String, count: Int, peakPerSecond: Int, totalNanoseconds: Int64,
    p50Nanoseconds: Int64, p95Nanoseconds: Int64, p99Nanoseconds: Int64, maxNanoseconds: Int64
  ) {
    self.name = name
    self.count = count
    self.peakPerSecond = peakPerSecond
    self.totalNanoseconds = totalNanoseconds
    self.p50Nanoseconds = p50Nanoseconds
    self.p95Nanoseconds = p95Nanoseconds
    self.p99Nanoseconds = p99Nanoseconds
    self.maxNanoseconds = maxNanoseconds
  }
}

/// The whole trace at a glance: how many actions over how long, and the root reducer's time.
public struct ActionTotals: Hashable, Sendable {
  public var count: Int
  public var firstStartNanoseconds: Int64
  public var lastEndNanoseconds: Int64
  /// Time in the root reducer over all actions.
  public var reducerNanoseconds: Int64

  /// Creates the record from its fields.
  public init(
    count: Int, firstStartNanoseconds: Int64, lastEndNanoseconds: Int64, reducerNanoseconds: Int64
  ) {
    self.count = count
    self.firstStartNanoseconds = firstStartNanoseconds
    self.lastEndNanoseconds = lastEndNanoseconds
    self.reducerNanoseconds = reducerNanoseconds
  }
}

/// The actions of one group whose reducer ran longer than a budget.
public struct SlowActions: Hashable, Sendable {
  public var name: String
  public var count: Int
  public var maxNanoseconds: Int64
  /// The slowest of them, slowest first (at most the limit asked for).
  public var seqs: [Int64]

  /// Creates the record from its fields.
  public init(name: String, count: Int, maxNanoseconds: Int64, seqs: [Int64]) {
    self.name = name
    self.count = count
    self.maxNanoseconds = maxNanoseconds
    self.seqs = seqs
  }
}
