/// Recorded outputs an edited replay still delivered to the action that replaced the one they
/// answered: the replacement started an effect in the place of one the original started, so that
/// effect is taken for the recorded one and answers with what it answered the original.
///
/// ```swift
/// let result = try await replay.run(Checkout(), edits: [.replace(4, with: .placeOrderTapped)])
/// for redelivered in result.redeliveredOutputs {
///   print(redelivered)
///   // outputs recorded for the original #4 still delivered to its replacement: #5 (effect #1)
/// }
/// ```
public struct RedeliveredOutputs: Sendable, Hashable, CustomStringConvertible {
  /// The seq of the replaced action.
  public var seq: Int64
  /// The recorded effect the original started, which the replacement started in its place.
  public var effectID: Int64
  /// The seqs of the effect's recorded outputs that were delivered, in order.
  public var outputs: [Int64]

  public init(seq: Int64, effectID: Int64, outputs: [Int64]) {
    self.seq = seq
    self.effectID = effectID
    self.outputs = outputs
  }

  /// One line a person reads.
  public var description: String {
    "outputs recorded for the original #\(self.seq) still delivered to its replacement: "
      + self.outputs.map { "#\($0)" }.joined(separator: ", ") + " (effect #\(self.effectID))"
  }
}
