/// Coded by hand for its `Result` payload (see ``CodableResult``):
/// `{"searchResponse": {"query": …, "result": {"success": […]}}}`.
extension SearchFeature.Action.Internal: Codable {
  private enum CodingKeys: String, CodingKey {
    case searchResponse
  }

  private enum ResponseKeys: String, CodingKey {
    case query, result
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let response = try container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .searchResponse)
    self = .searchResponse(
      query: try response.decode(String.self, forKey: .query),
      try response.decode(
        CodableResult<[CityWeather], SearchFeature.SearchError>.self, forKey: .result
      ).result)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case let .searchResponse(query, result):
      var response = container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .searchResponse)
      try response.encode(query, forKey: .query)
      try response.encode(CodableResult(result), forKey: .result)
    }
  }
}
