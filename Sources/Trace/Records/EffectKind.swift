/// The kind of work an effect does, as a trace stores it.
///
/// The raw values are the stored spellings: they never change, whatever the cases are called in
/// Swift. Display text is ``description``.
///
/// ```swift
/// for effect in try trace.effects() where effect.start.kind == .presentation { … }
/// ```
public enum EffectKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// `Effect.send`: delivers one action synchronously, then finishes.
  case send = "send"
  /// `Effect.run`: asynchronous work in a task.
  case run = "run"
  /// The long-lived effect of a presented child (a destination, a stack element).
  case presentation = "presentation"
  /// Everything one action's reducer returned, as one effect: what a recorder that sees only
  /// TCA's public API (``TraceHeader/RecordedBy/reducer``) can tell apart. Schema 6 on.
  case returned = "returned"

  public var description: String { self.rawValue }
}
