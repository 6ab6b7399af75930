/// A `Result` the synthesized trace coding knows: its success `Codable`, its failure either
/// `Codable` or kept as a ``RecordedError``. Not meant to be used directly.
///
/// Coded as `{"success": value}` or `{"failure": …}`; a failure of type `any Error` is
/// `{"failure": {"type": "MyClient.Failure", "description": "…"}}` and decodes as a
/// ``RecordedError`` with the same description.
public protocol _TraceCodableResult {
  /// Encodes the result as `{"success": …}` or `{"failure": …}`.
  func _encodeTrace(to encoder: any Encoder) throws
  /// Decodes a result `_encodeTrace(to:)` wrote.
  init(_decodingTraceFrom decoder: any Decoder) throws
}

// NB: A conformance to our own protocol, not `Codable`: a stdlib type's `Codable` conformance
// added here would clash with any other module's (or a later standard library's).
extension Result: _TraceCodableResult where Success: Codable {
  public func _encodeTrace(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TraceCodingKey.self)
    switch self {
    case let .success(value):
      try container.encode(value, forKey: "success")
    case let .failure(error):
      if Failure.self != (any Error).self, let codable = error as? any Encodable {
        try container.encode(codable, forKey: "failure")
      } else {
        try container.encode(RecordedError(error), forKey: "failure")
      }
    }
  }

  public init(_decodingTraceFrom decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TraceCodingKey.self)
    if container.contains("success") {
      self = .success(try container.decode(Success.self, forKey: "success"))
      return
    }
    guard container.contains("failure") else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected a result, {\"success\": …} or {\"failure\": …}"))
    }
    if Failure.self == (any Error).self {
      let recorded: any Error = try container.decode(RecordedError.self, forKey: "failure")
      self = .failure(recorded as! Failure)
    } else if let decodable = Failure.self as? any Decodable.Type {
      self = .failure(try container.decode(decodable, forKey: "failure") as! Failure)
    } else {
      throw UncodableValueError(
        path: decoder.codingPath.map(\.stringValue).joined(separator: "."),
        typeName: String(reflecting: Failure.self))
    }
  }
}
