/// How effect kinds, outcomes and cancellation reasons are spelled in a stored trace, in one place
/// for the profiler's queries and reports.
///
/// The reader returns them typed (``EffectKind``, ``EffectEndRecord/Outcome``); the profiler's
/// SQL groups by the stored kind and outcome, spelled the same in every schema version, and gets
/// cancellation reasons as display text derived from ``EffectEndRecord/CancellationReason``.
///
/// ```swift
/// EffectSpelling.Outcome(stored: "cancelled")  // .cancelled
/// ```
public enum EffectSpelling {
  /// What kind of effect a reducer returned.
  public enum Kind: String, CaseIterable, Sendable, Codable {
    /// `.send(action)`: an action sent straight back into the store.
    case send
    /// `.run { … }`: asynchronous work.
    case run
    /// The long-lived effect of a presented child (`ifLet` over `@Presents`).
    case presentation

    /// The kind spelled as a trace stores it, or `nil` for a spelling this build does not know.
    public init?(stored: String) { self.init(rawValue: stored) }

    /// The spelling a trace stores.
    public var stored: String { rawValue }
  }

  /// How an effect ended.
  public enum Outcome: String, CaseIterable, Sendable, Codable {
    case finished
    case cancelled
    case failed

    /// The outcome spelled as a trace stores it.
    public init?(stored: String) { self.init(rawValue: stored) }

    /// The spelling a trace stores.
    public var stored: String { rawValue }
  }

  /// Why an effect was cancelled, as far as the profiler's advice cares.
  public enum CancellationReason: Hashable, Sendable {
    /// `cancel(id: …)`: cancelled by id.
    case cancelledByID(String)
    /// `cancelInFlight (id: …)`: replaced by a newer effect with the same id.
    case cancelledInFlight(String)
    /// The child's state went away (dismissed, removed, popped).
    case parentDismissed
    /// Anything else, as stored.
    case other(String)

    /// Reads a stored reason.
    public init(stored: String) {
      if let id = Self.identifier(in: stored, after: "cancel(id: ") {
        self = .cancelledByID(id)
      } else if let id = Self.identifier(in: stored, after: "cancelInFlight (id: ") {
        self = .cancelledInFlight(id)
      } else if stored == "parent dismissed" {
        self = .parentDismissed
      } else {
        self = .other(stored)
      }
    }

    private static func identifier(in stored: String, after prefix: String) -> String? {
      guard stored.hasPrefix(prefix), stored.hasSuffix(")") else { return nil }
      return String(stored.dropFirst(prefix.count).dropLast())
    }
  }

  /// The component of an action's case path that names a child's actions to its parent; an
  /// action sent with `.send` that is one of these is the child talking to its parent, not a
  /// reducer sharing logic.
  public static let delegateComponent = "delegate"

  /// Components of a case path that follow the feature's own path (TCA's view / internal /
  /// delegate / binding action groups).
  public static let actionGroupComponents: Set<String> = [
    "view", "internal", "delegate", "binding",
  ]

  /// Components of a case path that address a child whose state may be gone (`ifLet` over
  /// `@Presents`, `forEach`).
  public static let childComponents: Set<String> = ["presented", "element"]
}
