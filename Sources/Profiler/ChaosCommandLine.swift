import Trace

/// A `tca-replay chaos` command line, quoted for a POSIX shell so it can be pasted as it is.
///
/// ```swift
/// let line = ChaosCommandLine(trace: "my search.sqlite", final: #"resultsFor == "ber""#)
/// line.description  // tca-replay chaos 'my search.sqlite' --final 'resultsFor == "ber"'
/// ```
public struct ChaosCommandLine: Hashable, Sendable, CustomStringConvertible {
  /// The trace to replay.
  public var trace: String
  /// The `--final` predicate, or `nil` to compare the whole final state with the recording's.
  public var final: String?

  /// A command line replaying `trace`, checking `final` after the last action.
  public init(trace: String, final: String?) {
    self.trace = trace
    self.final = final
  }

  /// The predicate that the values at `paths` in `state` are what they are there, as one `&&`
  /// of `PATH == VALUE`; at most `limit` paths, each with a short value (at most 60 characters
  /// of JSON, not redacted). `nil` when no path qualifies.
  ///
  /// NB: Made from the state the recording ended with, it holds in the recorded order; a run
  /// where an older answer lands last leaves another value there.
  public static func finalValues(
    at paths: [TracePath], in state: TraceValue, limit: Int = 3
  ) -> String? {
    var seen: Set<TracePath> = []
    var terms: [String] = []
    for path in paths where terms.count < limit && seen.insert(path).inserted {
      let value = state.value(at: path) ?? .null
      if value == .redacted { continue }
      let json = value.jsonText
      guard json.count <= 60 else { continue }
      terms.append("\(path) == \(json)")
    }
    return terms.isEmpty ? nil : terms.joined(separator: " && ")
  }

  /// The command, each word quoted where the shell would otherwise read it differently.
  public var description: String {
    var words = ["tca-replay", "chaos", Self.quoted(self.trace)]
    if let final = self.final { words += ["--final", Self.quoted(final)] }
    return words.joined(separator: " ")
  }

  /// `word` as the shell reads it back: as it is when made of characters the shell leaves alone,
  /// else in single quotes (a single quote inside written `'\''`).
  static func quoted(_ word: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-")
    if !word.isEmpty && word.allSatisfy(plain.contains) { return word }
    return "'" + word.map { $0 == "'" ? #"'\''"# : String($0) }.joined() + "'"
  }
}
