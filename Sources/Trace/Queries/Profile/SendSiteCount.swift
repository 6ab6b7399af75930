/// A place in the app's source that sent actions of one kind, and how many it sent.
///
/// ```swift
/// for site in try trace.sendSites(of: "search.queryChanged") {
///   print("\(site.count) × \(site.site)")  // 300 × SearchView.swift:42
/// }
/// ```
public struct SendSiteCount: Codable, Hashable, Sendable {
  /// The `#fileID` of the `send`.
  public var file: String
  /// Its `#line`.
  public var line: Int
  /// How many actions it sent.
  public var count: Int

  /// The site as a ``SendSite``; its description is `SearchView.swift:42`.
  public var site: SendSite { SendSite(file: self.file, line: self.line) }

  /// A site and its count.
  public init(file: String, line: Int, count: Int) {
    self.file = file
    self.line = line
    self.count = count
  }
}
