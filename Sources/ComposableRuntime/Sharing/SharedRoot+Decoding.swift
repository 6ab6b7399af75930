import Foundation

extension SharedRoot {
  /// Decodes a `Value` from JSON and sets it; the common part of both roots' replay writes.
  func decode<Value>(_: Value.Type, from data: Data) throws -> Value {
    guard let decodable = Value.self as? any Decodable.Type else {
      throw SharedReplayError.notDecodable(type: String(reflecting: Value.self))
    }
    return try JSONDecoder().decode(decodable, from: data) as! Value
  }
}
