import Trace

/// A type that reads in a trace other than by its stored properties.
///
/// Reflection knows nothing of the types it meets; a type that needs another reading opts in by
/// conforming. `RuntimeReflection` conforms the runtime's navigation types, so that an element id reads
/// as its number and `@Presents var destination` stores `destination`, not `_destination`:
///
/// ```swift
/// extension StackElementID: StateReflecting {
///   public var reflectedScalar: TraceValue? { .int(Int64(self.generation)) }
/// }
/// extension PresentationState: StateReflecting {
///   public static var isPropertyWrapperStorage: Bool { true }
/// }
/// extension Shared: StateReflecting {
///   public var reflectedValue: Any? { self.wrappedValue }
/// }
/// ```
public protocol StateReflecting {
  /// The value as one scalar, or `nil` to reflect it by its stored properties.
  var reflectedScalar: TraceValue? { get }

  /// Another value to reflect in this one's place (a reference's current value), or `nil` to
  /// reflect it as it is. Read only when ``reflectedScalar`` is `nil`.
  var reflectedValue: Any? { get }

  /// Whether a stored property of this type is a property wrapper's storage, whose field is then
  /// named after the wrapped property (`_destination` reads `destination`).
  static var isPropertyWrapperStorage: Bool { get }

  /// The object holding the value this one reads, for a reference to storage others share (a
  /// shared value), or `nil`: a recorder finds where such storage sits in a state to say what a
  /// change to it did (see ``ReferenceLocator``).
  var reflectedReference: AnyObject? { get }

  /// What this reads when the storage of ``reflectedReference`` holds `referenceValue`.
  func reflectedValue(whenReferenceHolds referenceValue: Any) -> Any?
}

extension StateReflecting {
  public var reflectedScalar: TraceValue? { nil }
  public var reflectedValue: Any? { nil }
  public static var isPropertyWrapperStorage: Bool { false }
  public var reflectedReference: AnyObject? { nil }
  public func reflectedValue(whenReferenceHolds referenceValue: Any) -> Any? { nil }
}
