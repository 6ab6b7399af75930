/// Nanoseconds as milliseconds for people: three significant digits below 100 ms, whole
/// milliseconds up to 10 s, then seconds.
///
/// ```swift
/// Milliseconds.format(1_234_567)      // "1.23 ms"
/// Milliseconds.format(45_000)         // "0.045 ms"
/// Milliseconds.format(12_345_000_000) // "12.3 s"
/// ```
public enum Milliseconds {
  public static func format(_ nanoseconds: Int64) -> String {
    let milliseconds = Double(nanoseconds) / 1_000_000
    let magnitude = abs(milliseconds)
    switch magnitude {
    case 10_000...: return fixed(milliseconds / 1000, digits: 1) + " s"
    case 100...: return fixed(milliseconds, digits: 0) + " ms"
    case 10...: return fixed(milliseconds, digits: 1) + " ms"
    case 1...: return fixed(milliseconds, digits: 2) + " ms"
    case 0: return "0 ms"
    default: return fixed(milliseconds, digits: 3) + " ms"
    }
  }

  /// `value` rounded to `digits` decimals, without Foundation's locale-dependent formatting.
  static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int64(rounded / scale)
    let fraction = Int64(rounded - Double(whole) * scale)
    let sign = value < 0 && rounded != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let fractionText = String(fraction)
    return sign + String(whole) + "."
      + String(repeating: "0", count: digits - fractionText.count) + fractionText
  }
}
