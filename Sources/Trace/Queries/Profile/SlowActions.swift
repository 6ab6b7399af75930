/// The actions of one group whose reducer ran longer than a budget: the evidence of the
/// profiler's frame-budget advice.
///
/// ```swift
/// for slow in try trace.actions(over: .milliseconds(16)) { print(slow.name, slow.longest) }
/// ```
package struct SlowActions: Hashable, Sendable {
  /// The case path, or a prefix ending in `.*` when grouped by depth.
  package var name: String
  /// How many ran over the budget.
  package var count: Int
  /// The longest of them.
  package var longest: Duration
  /// The slowest of them, slowest first (at most the limit asked for).
  package var seqs: [Int64]

  /// A group from its fields.
  package init(name: String, count: Int, longest: Duration, seqs: [Int64]) {
    self.name = name
    self.count = count
    self.longest = longest
    self.seqs = seqs
  }
}
