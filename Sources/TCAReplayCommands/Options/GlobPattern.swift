/// A glob over case paths as SQLite's `GLOB` reads it (`*` any run of characters, `?` one
/// character, `[abc]` or `[a-z]` one of a set, `[^…]` any but the set; case-sensitive), checked
/// before it is used.
///
/// SQLite never rejects a pattern: one it cannot read matches nothing, so a listing filtered by
/// it would come back empty with no word of why. ``problem(in:)`` names what is wrong instead.
///
/// ```swift
/// GlobPattern.problem(in: "todos.*")  // nil
/// GlobPattern.problem(in: "[")        // "a [ that is never closed"
/// ```
enum GlobPattern {
  /// What makes `pattern` unable to match as written, or `nil` when it reads: a `[` with no `]`
  /// after it, or a range in a set whose ends are the wrong way round (`[z-a]`).
  static func problem(in pattern: String) -> String? {
    let scalars = Array(pattern.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "[" else {
        index += 1
        continue
      }
      // NB: The set's rules are SQLite's (`patternCompare` in func.c): a `^` first inverts it,
      // a `]` first (after any `^`) is a member, and a `-` between two members makes a range.
      var cursor = index + 1
      if cursor < scalars.count, scalars[cursor] == "^" { cursor += 1 }
      if cursor < scalars.count, scalars[cursor] == "]" { cursor += 1 }
      var prior: Unicode.Scalar?
      while cursor < scalars.count, scalars[cursor] != "]" {
        let scalar = scalars[cursor]
        if scalar == "-", let low = prior, cursor + 1 < scalars.count,
          scalars[cursor + 1] != "]"
        {
          let high = scalars[cursor + 1]
          if high < low {
            return "a range \(low)-\(high) that runs backwards (write \(high)-\(low))"
          }
          prior = nil
          cursor += 2
        } else {
          prior = scalar
          cursor += 1
        }
      }
      guard cursor < scalars.count else { return "a [ that is never closed" }
      index = cursor + 1
    }
    return nil
  }
}
