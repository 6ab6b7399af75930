/// Why the recorder did not store something it saw, as a trace counts it.
///
/// Stored as ``Spelling`` in `not_captured.reason`, with the action's name in
/// `not_captured.action` for a denied action. ``description`` is the display text
/// (`denied action counter.tick`), which is what schema version 1 stored.
///
/// ```swift
/// let dropped = try trace.notCaptured()[.overMemoryLimit] ?? 0
/// ```
public enum NotCapturedReason: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// An action the deny-list left out, by its case path.
  case deniedAction(String)
  /// Events that arrived while the recorder's queue was over its memory limit.
  case overMemoryLimit
  /// Events that arrived after the recording finished (an effect that ended after `finish()`).
  case afterFinish

  /// The stored spelling of each reason. The raw values never change.
  public enum Spelling: String, Hashable, Sendable, CaseIterable {
    case deniedAction = "denied_action"
    case overMemoryLimit = "over_memory_limit"
    case afterFinish = "after_finish"
  }

  /// The reason's stored spelling.
  public var spelling: Spelling {
    switch self {
    case .deniedAction: .deniedAction
    case .overMemoryLimit: .overMemoryLimit
    case .afterFinish: .afterFinish
    }
  }

  /// The denied action's name, for ``deniedAction(_:)``.
  public var action: String? {
    if case let .deniedAction(name) = self { name } else { nil }
  }

  /// The reason with `spelling`, and `action` for a denied action; `nil` when its name is missing.
  public init?(spelling: Spelling, action: String?) {
    switch spelling {
    case .deniedAction:
      guard let action, !action.isEmpty else { return nil }
      self = .deniedAction(action)
    case .overMemoryLimit: self = .overMemoryLimit
    case .afterFinish: self = .afterFinish
    }
  }

  public var description: String {
    switch self {
    case let .deniedAction(name): "denied action \(name)"
    case .overMemoryLimit: "events over the memory limit"
    case .afterFinish: "events after the recording finished"
    }
  }

  /// Ordered by display text, so listings are stable.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.description < rhs.description
  }
}
