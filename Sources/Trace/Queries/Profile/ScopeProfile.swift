/// One row of the profile's scope ranking: the time spent in one child scope (or in every
/// element of one collection's scopes) over a trace.
///
/// ```swift
/// for scope in try trace.scopeProfiles(rootReducerTime: .milliseconds(40)) {
///   print(scope.path, scope.selfTime, scope.shareOfRoot)
/// }
/// ```
public struct ScopeProfile: Hashable, Sendable {
  /// `/`-separated path from the root; element ids collapsed to `*` when asked.
  public var path: String
  /// How many times the scope ran.
  public var calls: Int64
  /// Time in the scope's own reducers (JSON `selfNs`).
  public var selfTime: Duration
  /// Time including its child scopes (JSON `totalNs`).
  public var total: Duration
  /// `total` over the root reducer's time, 0…1.
  public var shareOfRoot: Double

  /// A row from its fields.
  public init(
    path: String, calls: Int64, selfTime: Duration, total: Duration, shareOfRoot: Double
  ) {
    self.path = path
    self.calls = calls
    self.selfTime = selfTime
    self.total = total
    self.shareOfRoot = shareOfRoot
  }
}

extension ScopeProfile: Codable {
  enum CodingKeys: String, CodingKey {
    case path, calls, shareOfRoot
    case selfTime = "selfNs"
    case total = "totalNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      path: try container.decode(String.self, forKey: .path),
      calls: try container.decode(Int64.self, forKey: .calls),
      selfTime: try container.decodeNanoseconds(forKey: .selfTime),
      total: try container.decodeNanoseconds(forKey: .total),
      shareOfRoot: try container.decode(Double.self, forKey: .shareOfRoot))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.path, forKey: .path)
    try container.encode(self.calls, forKey: .calls)
    try container.encode(nanoseconds: self.selfTime, forKey: .selfTime)
    try container.encode(nanoseconds: self.total, forKey: .total)
    try container.encode(self.shareOfRoot, forKey: .shareOfRoot)
  }
}
