import ConcurrencyExtras

// NB: The store's hot path makes and compares these ids on every action, from another module
// (the runtime): their initializers and comparisons are inlinable so that costs no call.
/// Identifies one action received by a store, in the order the store received them (from 1).
public struct ActionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The action's place in the store's sequence.
  public let rawValue: UInt64

  /// Wraps a sequence number.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "action #\(rawValue)" }
}

/// Identifies one effect started by a store, in the order the store started them (from 1).
public struct EffectID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The effect's place in the store's sequence.
  public let rawValue: UInt64

  /// Wraps a sequence number.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "effect #\(rawValue)" }
}

/// Where an action a store received came from.
public enum ActionOrigin: Hashable, Sendable {
  /// Sent to the store from outside, with `store.send(_:)`.
  case send
  /// Sent back by an effect the store is running.
  case effect(EffectID)
}

extension EffectID {
  /// The `.run` effect whose work is running in this task, if any: what a dependency read from an
  /// effect can attribute itself to.
  @TaskLocal public static var current: EffectID?
}
