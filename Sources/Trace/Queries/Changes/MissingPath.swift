/// A state path a trace never holds — not in the initial state, and no action ever puts a value
/// there — with the closest path the trace does hold, when one is close: most often a typo.
///
/// ```swift
/// if let missing = try trace.missingPath(TracePath(parsing: "total")) {
///   print(missing)  // no such path: total; did you mean totalCents?
/// }
/// ```
public struct MissingPath: Hashable, Sendable, CustomStringConvertible {
  /// The path asked for.
  public var path: TracePath
  /// The closest path the trace holds, by edit distance; `nil` when none is close.
  public var suggestion: TracePath?

  public init(path: TracePath, suggestion: TracePath?) {
    self.path = path
    self.suggestion = suggestion
  }

  /// `no such path: total; did you mean totalCents?`
  public var description: String {
    "no such path: \(self.path)" + (self.suggestion.map { "; did you mean \($0)?" } ?? "")
  }

  /// The candidate closest to `path`, or `nil` when none is close: one at most a third of the
  /// path's length (and at least 2) edits away, ignoring case, or one the path's text begins (a
  /// path of 3 or more characters). Ties go to the shorter, then the first in order.
  ///
  /// ```swift
  /// MissingPath.closest(to: "total", among: ["items", "totalCents"])  // "totalCents"
  /// ```
  public static func closest(to path: String, among candidates: [String]) -> String? {
    let typed = Array(path.lowercased())
    let limit = max(2, typed.count / 3)
    var best: (distance: Int, text: String)?
    for candidate in candidates where candidate != path {
      let text = Array(candidate.lowercased())
      let isPrefix = typed.count >= 3 && text.starts(with: typed)
      let bound = isPrefix ? text.count - typed.count : min(limit, best?.distance ?? limit)
      guard abs(text.count - typed.count) <= bound,
        let distance = Self.distance(typed, text, atMost: bound)
      else { continue }
      if let current = best,
        (current.distance, current.text.count, current.text)
          <= (distance, candidate.count, candidate)
      {
        continue
      }
      best = (distance, candidate)
    }
    return best?.text
  }

  /// The Levenshtein distance of `a` and `b`, or `nil` when it is more than `limit`.
  static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    guard !a.isEmpty, !b.isEmpty else {
      let distance = max(a.count, b.count)
      return distance <= limit ? distance : nil
    }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      // NB: A row's smallest value never shrinks in the rows after it.
      if current.min()! > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
