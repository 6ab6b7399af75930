/// Identifies an element of a ``StackState``: an integer generation, unique within a store.
///
/// New ids come from the `\.stackElementID` dependency, which counts from 0 in every store, so
/// tests can name elements by literal: `.element(id: 0, action: .saveButtonTapped)`.
///
/// NB: TCA makes the literal form available only in tests; here it is always available.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The generation: 0 for the first element a store pushes, then 1, 2, ….
  public let generation: Int

  /// An id with a given generation.
  public init(generation: Int) {
    self.generation = generation
  }

  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }
  public var description: String { "#\(generation)" }
}

/// Makes the ids of new stack elements.
public struct StackElementIDGenerator: Sendable {
  private let counter: LockIsolated<Int>

  /// A generator that counts up from `start`.
  public static func incrementing(from start: Int = 0) -> Self {
    Self(counter: LockIsolated(start))
  }

  /// The next id.
  public func next() -> StackElementID {
    self.counter.withValue { value in
      defer { value += 1 }
      return StackElementID(generation: value)
    }
  }

  /// Makes sure the next id is after `id`, when an element is pushed with an id chosen elsewhere.
  func advance(past id: StackElementID) {
    self.counter.withValue { $0 = max($0, id.generation + 1) }
  }
}

extension StackElementIDGenerator: DependencyKey {
  public static var liveValue: Self { .incrementing() }
  public static var testValue: Self { .incrementing() }
}

extension DependencyValues {
  /// Where new stack element ids come from. Each store starts its own count at 0.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}

/// Encoded as its generation, a number.
extension StackElementID: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(generation: try decoder.singleValueContainer().decode(Int.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.generation)
  }
}
