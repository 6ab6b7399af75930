import ComposableRuntime
import Foundation

/// The values a recorded session read from a source of non-determinism, handed back in order by
/// a generated test: the `uuid`, `date` and random number generator dependencies as recorded.
///
/// A generated test uses it when the recording fits no simpler preset (`.incrementing`,
/// `.constant`):
///
/// ```swift
/// import TestGenerationSupport
///
/// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
///   $0.uuid = .recorded(["6F1C…", "0A2B…"])
///   $0.date = .recorded([754_000_000.25])
///   $0.withRandomNumberGenerator = .recorded([17, 42])
/// }
/// ```
///
/// Past the last recorded value a generator reports an issue (the reducer read more than the
/// recording has) and hands back the last value again, so the test fails where it diverged.
public final class RecordedValues<Value: Sendable>: Sendable {
  private let values: [Value]
  private let position = LockIsolated(0)
  private let name: String

  /// Hands back `values` in order; `name` says which dependency in the issue past the end.
  public init(_ values: [Value], name: String) {
    self.values = values
    self.name = name
  }

  /// The next recorded value.
  public func next() -> Value? {
    let position = self.position.withValue { position in
      defer { position += 1 }
      return position
    }
    guard position < self.values.count else {
      reportIssue(
        "Read \(self.name) #\(position + 1); the recording has \(self.values.count)")
      return self.values.last
    }
    return self.values[position]
  }
}

extension UUIDGenerator {
  /// Hands back the recorded UUIDs, in order.
  ///
  /// ```swift
  /// $0.uuid = .recorded(["DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"])
  /// ```
  public static func recorded(_ values: [String]) -> Self {
    let recorded = RecordedValues(values.compactMap(UUID.init(uuidString:)), name: "UUID")
    return Self { recorded.next() ?? UUID(0) }
  }
}

extension DateGenerator {
  /// Hands back the recorded dates, each as its `timeIntervalSinceReferenceDate`, in order.
  ///
  /// ```swift
  /// $0.date = .recorded([754_000_000.5, 754_000_001])
  /// ```
  public static func recorded(_ values: [Double]) -> Self {
    let recorded = RecordedValues(values, name: "date")
    return Self { Date(timeIntervalSinceReferenceDate: recorded.next() ?? 0) }
  }
}

extension WithRandomNumberGenerator {
  /// Hands back the recorded random numbers, one per `next()`, in order.
  ///
  /// ```swift
  /// $0.withRandomNumberGenerator = .recorded([3, 14, 15])
  /// ```
  public static func recorded(_ values: [UInt64]) -> Self {
    Self(RecordedGenerator(values: RecordedValues(values, name: "random number")))
  }
}

/// A random number generator drawing the recorded numbers.
private struct RecordedGenerator: RandomNumberGenerator, Sendable {
  let values: RecordedValues<UInt64>

  mutating func next() -> UInt64 { self.values.next() ?? 0 }
}
