/// A stored value that does not read as its type (an unknown spelling, a missing id); the reader
/// reports it as ``TraceError/corrupt(path:detail:)``.
struct StoredValueError: Error, CustomStringConvertible {
  let description: String
}
