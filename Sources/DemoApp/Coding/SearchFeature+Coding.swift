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
    let response = try container.nestedContainer(
      keyedBy: ResponseKeys.self, forKey: .searchResponse)
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

/// The search as it is, with the temperature unit it reads (`{"temperatureUnit": "celsius"}`);
/// decoding leaves the unit to the setting, which the profile's state restores.
extension SearchFeature.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case query, isSearching, results, temperatureUnit
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(query: try container.decode(String.self, forKey: .query))
    self.isSearching = try container.decode(Bool.self, forKey: .isSearching)
    self.results = try container.decode(SearchFeature.Results.self, forKey: .results)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.query, forKey: .query)
    try container.encode(self.isSearching, forKey: .isSearching)
    try container.encode(self.results, forKey: .results)
    try container.encode(self.temperatureUnit, forKey: .temperatureUnit)
  }
}
