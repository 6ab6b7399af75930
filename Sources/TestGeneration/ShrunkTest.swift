/// A recording shrunk to the fewest inputs sent from outside under which today's reducer still
/// reaches a predicate (or the runtime still reports an issue), and the test of those inputs.
///
/// ```swift
/// let small = try await generator.shrink(AppFeature(), to: "counter.count > 10")
/// small.keptInputs        // [4, 9, 17]: the recorded seqs kept
/// small.test.source       // non-exhaustive steps, then #expect(!…)
/// small.candidateReplays  // how many candidates were replayed to find them
/// small.liveRuns          // how many of those were confirmed by running as the test runs
/// ```
public struct ShrunkTest: Hashable, Sendable {
  /// The recorded seqs of the inputs sent from outside that were kept, in order.
  public var keptInputs: [Int64]
  /// The test of the kept inputs.
  public var test: GeneratedTest
  /// How many candidate input sequences were replayed hermetically.
  public var candidateReplays: Int
  /// How many of them, having reached the goal there, were then run as their test would run
  /// them (effects live on a `TestClock`).
  public var liveRuns: Int = 0
  /// How many inputs were sent from outside in the recording.
  public var recordedInputs: Int
}
