import Trace

/// Readable durations for reports: `840 ns`, `12.5 µs`, `3.20 ms`, `1.50 s`.
public enum DurationText {
  /// `nanoseconds` in the largest unit that keeps it at or above 1, with three significant
  /// digits.
  public static func text(_ nanoseconds: Int64) -> String {
    let value = Double(nanoseconds)
    switch abs(value) {
    case ..<1_000: return "\(nanoseconds) ns"
    case ..<1_000_000: return significant(value / 1_000) + " µs"
    case ..<1_000_000_000: return significant(value / 1_000_000) + " ms"
    default: return significant(value / 1_000_000_000) + " s"
    }
  }

  /// `duration` as ``text(_:)-(Int64)`` writes its whole nanoseconds.
  public static func text(_ duration: Duration) -> String {
    text(duration.nanosecondCount)
  }

  static func significant(_ value: Double) -> String {
    let digits = abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : 2
    return fixed(value, digits: digits)
  }

  /// `value` with `digits` decimals, without Foundation's formatters.
  public static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    // NB: Past 2⁶³ (only from a damaged trace) the integer conversions below would trap.
    guard scaled < 9e18 else { return value.isNaN ? "nan" : "\(value)" }
    let whole = Int64(scaled / scale)
    let fraction = Int64(scaled) - whole * Int64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    let fractionText = String(fraction)
    return "\(sign)\(whole)."
      + String(repeating: "0", count: digits - fractionText.count) + fractionText
  }
}
