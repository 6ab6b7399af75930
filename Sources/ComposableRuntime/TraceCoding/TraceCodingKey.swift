/// A coding key spelled by its string, used by the coding `@Reducer` and `@ObservableState`
/// synthesize for a feature's `State` and `Action` (see `_TraceCodable`).
///
/// ```swift
/// var container = encoder.container(keyedBy: TraceCodingKey.self)
/// try container.encode(1, forKey: "count")
/// ```
public struct TraceCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
  public let stringValue: String
  public let intValue: Int?

  public init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  public init?(intValue: Int) {
    self.stringValue = "\(intValue)"
    self.intValue = intValue
  }

  public init(stringLiteral value: String) {
    self.init(stringValue: value)
  }
}
