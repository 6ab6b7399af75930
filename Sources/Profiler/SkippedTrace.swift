/// A trace that a profile over several traces left out, and why: it could not be opened or
/// its rows could not be read.
///
/// ```swift
/// let many = await TraceProfiler().profile(paths: ["a.sqlite", "gone.sqlite"], label: "2")
/// many.skipped?.first?.reason  // "expected a tca-replay trace, found no file"
/// ```
public struct SkippedTrace: Codable, Hashable, Sendable {
  /// The trace file.
  public var path: String
  /// What went wrong, in one line.
  public var reason: String

  /// A skipped trace from its fields.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path` skipped for `error`; the reason leaves out the path when the error's text starts
  /// with it, as a ``TraceError``'s does.
  public init(path: String, error: any Error) {
    let text = "\(error)"
    self.init(
      path: path,
      reason: text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text)
  }
}
