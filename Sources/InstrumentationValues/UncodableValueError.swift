/// Why a value in a feature's state or action cannot be coded for replay: which case or field
/// holds it and what it is.
///
/// The coding `@Reducer` synthesizes for a feature's `State` and `Action` throws it for a payload
/// it has no coding for (a closure, a reference, a non-`Codable` value), so that the feature still
/// compiles and a recorder can say once, in the trace's header, what keeps the trace from being
/// replayed.
///
/// ```swift
/// UncodableValueError(path: "Action.delegate(_:)", typeName: "() -> ()").description
/// // "Action.delegate(_:) holds a closure, which cannot be coded"
/// ```
public struct UncodableValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The case or field that holds the value, such as `Action.delegate(_:)` or `State.onSave`.
  public let path: String
  /// The value's type as Swift prints it.
  public let typeName: String

  /// An error for the value of type `typeName` at `path`.
  public init(path: String, typeName: String) {
    self.path = path
    self.typeName = typeName
  }

  /// Whether the value is a function type.
  public var isClosure: Bool { self.typeName.contains("->") }

  /// One line: `Action.delegate(_:) holds a closure, which cannot be coded`, or
  /// `Action.changed(_:) holds NSObject, which is not Codable`.
  public var description: String {
    self.isClosure
      ? "\(self.path) holds a closure, which cannot be coded"
      : "\(self.path) holds \(self.typeName), which is not Codable"
  }
}
