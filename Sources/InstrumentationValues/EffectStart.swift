import ConcurrencyExtras

/// What a store knows about an effect when it starts it.
public struct EffectStart: Sendable {
  /// The kind of work an effect does.
  public enum Kind: String, Sendable {
    /// `Effect.send`: delivers one action synchronously, then finishes.
    case send
    /// `Effect.run`: asynchronous work in a task.
    case run
    /// The long-lived effect of a presented child (a destination, a stack element): it ends as
    /// finished when the child dismisses itself, and is cancelled when the parent removes the
    /// child. It is not a leak while its child is on screen.
    case presentation
  }

  /// The effect's id in this store.
  public let id: EffectID
  /// The action whose reducer returned the effect.
  public let action: ActionID
  /// Whether it sends one action, runs work, or keeps a presented child alive.
  public let kind: Kind
  /// The `name:` given to `.run`, if any.
  public let name: String?
  /// The ids it was made cancellable with, innermost first.
  public let cancelIDs: [AnyHashableSendable]
  /// Where `.run` was called, as `file:line`; `nil` for `.send`.
  public let location: String?

  /// What a store tells its observers of an effect it starts.
  @inlinable
  package init(
    id: EffectID, action: ActionID, kind: Kind, name: String?, cancelIDs: [AnyHashableSendable],
    location: String?
  ) {
    self.id = id
    self.action = action
    self.kind = kind
    self.name = name
    self.cancelIDs = cancelIDs
    self.location = location
  }
}
