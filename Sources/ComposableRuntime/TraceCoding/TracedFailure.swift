/// The failure of a `Result` a trace keeps when the failure is not `Codable` (`any Error`, or an
/// error type of the feature's own): its type's name and `localizedDescription`, as a
/// ``RecordedError`` keeps them, and, when the error is made of what a trace can code (an enum of
/// failures, a struct of values), the error itself.
///
/// Decoded as the error itself when its type is in the program that decodes it, so that a
/// reducer that matches the failure (`case .speech(.failure(SpeechClient.Failure.taskError))`)
/// takes the same branch in a replay; otherwise as a ``RecordedError`` that describes itself as
/// the recorded error did.
///
/// ```json
/// {"type": "SpeechClient.Failure", "description": "…", "swiftType": "…", "value": "taskError"}
/// ```
struct TracedFailure: Codable {
  let error: any Error

  init(_ error: any Error) {
    self.error = error
  }

  private enum Key: String, CodingKey {
    case type, description, swiftType, value
  }

  func encode(to encoder: any Encoder) throws {
    let recorded = RecordedError(self.error)
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(recorded.typeName, forKey: .type)
    try container.encode(recorded.description, forKey: .description)
    guard !(self.error is RecordedError) else { return }
    // NB: Opened through its dynamic type: `any Error` conforms to `Error` itself, so neither
    // Swift nor `_openExistential` of the value opens it to the error's own type.
    func open<Failure>(_: Failure.Type) {
      guard let error = self.error as? Failure else { return }
      Self.encodeValue(error, in: &container)
    }
    _openExistential(type(of: self.error) as Any.Type, do: open)
  }

  /// Writes `swiftType` and `value` when `error` codes, and nothing when it does not (a class,
  /// a closure inside it).
  private static func encodeValue<Failure>(
    _ error: Failure, in container: inout KeyedEncodingContainer<Key>
  ) {
    guard let name = _mangledTypeName(Failure.self) else { return }
    do {
      try container.encode(ReflectedValue(error), forKey: .value)
      try container.encode(name, forKey: .swiftType)
    } catch {
      // NB: The type name and description are kept; the value is not needed to describe it.
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    if let name = try container.decodeIfPresent(String.self, forKey: .swiftType),
      let type = _typeByName(name) as? any Error.Type,
      let error = Self.decodeValue(type, from: container)
    {
      self.error = error
      return
    }
    self.error = RecordedError(
      typeName: try container.decode(String.self, forKey: .type),
      description: try container.decode(String.self, forKey: .description))
  }

  private static func decodeValue(
    _ type: any Error.Type, from container: KeyedDecodingContainer<Key>
  ) -> (any Error)? {
    func open<Failure: Error>(_: Failure.Type) -> (any Error)? {
      try? container.decode(ReflectedValue<Failure>.self, forKey: .value).value
    }
    return _openExistential(type, do: open)
  }
}
