/// Actions of one case path that did nothing at all: no state change and no effect.
///
/// ```swift
/// for idle in try trace.idleActions(limit: 10) { print(idle.name, idle.count) }
/// ```
public struct IdleActions: Hashable, Sendable {
  /// The case path.
  public var name: String
  /// How many did nothing.
  public var count: Int
  /// Their sequence numbers, first first (at most the limit asked for).
  public var seqs: [Int64]

  /// A group from its fields.
  public init(name: String, count: Int, seqs: [Int64]) {
    self.name = name
    self.count = count
    self.seqs = seqs
  }
}
