import Trace

/// Checks the sequence numbers a command was given against the trace.
enum SeqArgument {
  /// `seq` itself when it names a point of the trace: 0 (the initial state) up to its last action.
  static func checked(_ seq: Int64, in trace: TraceReader) throws -> Int64 {
    let last = try trace.lastSeq()
    guard (0...last).contains(seq) else {
      throw CommandError(
        "expected a seq from 0 (the initial state) to \(last) (the last action), found \(seq)")
    }
    return seq
  }

  /// `text` parsed as a state path, or a one-line error naming what was wrong.
  static func path(_ text: String) throws -> TracePath {
    try TracePath(parsing: text)
  }
}
