import GRDB

/// A time, sequence number, id or count that no recording holds: negative, or so large that
/// arithmetic on it would overflow. Only a damaged trace has one; the profiler and the export
/// stop with this error (one line) instead of trapping or drawing nonsense.
struct ImplausibleValue: Error, CustomStringConvertible {
  var value: Int64
  var what: String

  /// The values a trace may hold: 0 up to 2⁶⁰ (36 years in nanoseconds), so a time plus a
  /// duration, or an id times two plus one, never overflows.
  static let plausible: ClosedRange<Int64> = 0...(1 << 60)

  var description: String { "\(what) out of range (\(value))" }
}

/// A sum of nanoseconds too large for 64 bits: only a damaged trace holds such times.
struct TimeOverflow: Error, CustomStringConvertible {
  var description: String { "times that add up past 64 bits" }
}

extension Row {
  /// The integer at `index`, checked against ``ImplausibleValue/plausible``.
  func plausible(atIndex index: Int, _ what: String) throws -> Int64 {
    let value: Int64 = try self.decode(atIndex: index)
    guard ImplausibleValue.plausible.contains(value) else {
      throw ImplausibleValue(value: value, what: what)
    }
    return value
  }

  /// The integer at `index` or `nil` for NULL, checked like ``plausible(atIndex:_:)``.
  func plausibleIfPresent(atIndex index: Int, _ what: String) throws -> Int64? {
    try self.decode(Int64?.self, atIndex: index) == nil
      ? nil : try self.plausible(atIndex: index, what)
  }
}

extension TraceReader {
  /// `a + b`, or ``TimeOverflow`` for times too large to add.
  static func sum(_ a: Int64, _ b: Int64) throws -> Int64 {
    let (total, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw TimeOverflow() }
    return total
  }
}
