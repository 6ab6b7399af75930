/// Coded by hand for its `Result` payload (see ``CodableResult``); the other case reads as Swift
/// would synthesize it: `{"timerTicked": {}}`.
extension CounterFeature.Action.Internal: Codable {
  private enum CodingKeys: String, CodingKey {
    case timerTicked, factResponse
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.timerTicked) {
      self = .timerTicked
    } else {
      self = .factResponse(
        try container.decode(CodableResult<String, CounterFeature.FactError>.self, forKey: .factResponse)
          .result)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .timerTicked:
      _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .timerTicked)
    case let .factResponse(result):
      try container.encode(CodableResult(result), forKey: .factResponse)
    }
  }
}
