/// Actions that `.send` effects sent back and that changed the state, by pair of case paths:
/// the action whose reducer returned the `.send`, and the action sent.
///
/// Whether a pair is logic shared through the store (worth advice) or a child talking to its
/// parent is the profiler's question, not the trace's.
///
/// ```swift
/// for pair in try trace.stateChangingSends(limit: 10) { print(pair.fromName, "→", pair.sentName) }
/// ```
package struct SentActions: Hashable, Sendable {
  /// The action whose reducer returned the `.send`.
  package var fromName: String
  /// The action sent.
  package var sentName: String
  /// How many times.
  package var count: Int
  /// Sequence numbers of sent actions, first first (at most the limit asked for).
  package var seqs: [Int64]

  /// A pair from its fields.
  package init(fromName: String, sentName: String, count: Int, seqs: [Int64]) {
    self.fromName = fromName
    self.sentName = sentName
    self.count = count
    self.seqs = seqs
  }
}
