/// A `Result` the synthesized trace coding knows: its success `Codable` or coded by what it holds
/// (see `ReflectedValue`), its failure either `Codable` or kept as a ``RecordedError``. Not meant
/// to be used directly.
///
/// Coded as Swift codes an enum's cases, `{"success": {"_0": value}}` or
/// `{"failure": {"_0": …}}`; a failure of type `any Error` is
/// `{"failure": {"_0": {"type": "MyClient.Failure", "description": "…", …}}}` and decodes as
/// the error itself when its type is in the program and it is made of what a trace codes, or
/// else as a ``RecordedError`` with the same description (see `TracedFailure`).
public protocol _TraceCodableResult {
  /// Encodes the result as `{"success": {"_0": …}}` or `{"failure": {"_0": …}}`.
  func _encodeTrace(to encoder: any Encoder) throws
  /// Decodes a result `_encodeTrace(to:)` wrote.
  init(_decodingTraceFrom decoder: any Decoder) throws
}

// NB: A conformance to our own protocol, not `Codable`: a stdlib type's `Codable` conformance
// added here would clash with any other module's (or a later standard library's).
extension Result: _TraceCodableResult {
  public func _encodeTrace(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TraceCodingKey.self)
    switch self {
    case let .success(value):
      var values = container.nestedContainer(keyedBy: TraceCodingKey.self, forKey: "success")
      try values.encode(ReflectedValue(value), forKey: "_0")
    case let .failure(error):
      var values = container.nestedContainer(keyedBy: TraceCodingKey.self, forKey: "failure")
      if Failure.self != (any Error).self, let codable = error as? any Encodable {
        try values.encode(codable, forKey: "_0")
      } else {
        try values.encode(TracedFailure(error), forKey: "_0")
      }
    }
  }

  public init(_decodingTraceFrom decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TraceCodingKey.self)
    if container.contains("success") {
      let values = try container.nestedContainer(keyedBy: TraceCodingKey.self, forKey: "success")
      self = .success(try values.decode(ReflectedValue<Success>.self, forKey: "_0").value)
      return
    }
    guard container.contains("failure") else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected a result, {\"success\": …} or {\"failure\": …}"))
    }
    let values = try container.nestedContainer(keyedBy: TraceCodingKey.self, forKey: "failure")
    if Failure.self == (any Error).self {
      let traced: any Error = try values.decode(TracedFailure.self, forKey: "_0").error
      self = .failure(traced as! Failure)
    } else if let decodable = Failure.self as? any Decodable.Type {
      self = .failure(try values.decode(decodable, forKey: "_0") as! Failure)
    } else if let failure = try values.decode(TracedFailure.self, forKey: "_0").error as? Failure {
      self = .failure(failure)
    } else {
      throw UncodableValueError(
        path: decoder.codingPath.map(\.stringValue).joined(separator: "."),
        typeName: String(reflecting: Failure.self))
    }
  }
}
