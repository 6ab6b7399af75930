/// Where an action was sent from: the `#fileID` and `#line` of the `store.send`, the effect's
/// `send`, or the `TestStore.send` that sent it (schema 4 on).
///
/// ```swift
/// let site = SendSite(file: "MyApp/CounterView.swift", line: 28)
/// site.description  // "CounterView.swift:28"
/// ```
public struct SendSite: Hashable, Sendable, CustomStringConvertible {
  /// The file as `#fileID` names it: `Module/File.swift`.
  public var file: String
  public var line: Int

  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// The file's name without its module, then the line: `CounterView.swift:28`.
  public var description: String {
    let name = self.file.split(separator: "/").last.map(String.init) ?? self.file
    return "\(name):\(self.line)"
  }
}
