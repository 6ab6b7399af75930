/// Actions of one case path that did nothing at all: no state change and no effect.
///
/// ```swift
/// for idle in try trace.idleActions(limit: 10) { print(idle.name, idle.count) }
/// ```
package struct IdleActions: Hashable, Sendable {
  /// The case path.
  package var name: String
  /// How many did nothing.
  package var count: Int
  /// Their sequence numbers, first first (at most the limit asked for).
  package var seqs: [Int64]

  /// A group from its fields.
  package init(name: String, count: Int, seqs: [Int64]) {
    self.name = name
    self.count = count
    self.seqs = seqs
  }
}
