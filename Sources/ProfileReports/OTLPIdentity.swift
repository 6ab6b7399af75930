import Trace

/// The ids of a recording's OTLP export, derived from the recording itself so that exporting it
/// twice gives the same ids and a backend that deduplicates keeps one copy.
///
/// NB: FNV-1a over the recording's header fields, then over the span's kind and numbers; not a
/// cryptographic hash, which ids that only need to be stable and well spread do not call for.
struct OTLPIdentity {
  /// The recording's id: 16 bytes from its header, as 32 hex digits.
  let recordingID: String
  /// One trace per recording.
  var traceID: String { recordingID }
  private let seed: UInt64

  init(header: TraceHeader) {
    let fields = [
      header.startedAt, header.stateType, header.actionType, header.recorderVersion,
    ].joined(separator: "\u{1F}")
    let high = Self.fnv1a(fields, basis: Self.offsetBasis)
    let low = Self.fnv1a(fields, basis: high ^ 0x9E37_79B9_7F4A_7C15)
    self.recordingID = Self.hex(high) + Self.hex(low)
    self.seed = low
  }

  /// The span of the action with this seq.
  func action(_ seq: Int64) -> String { spanID("action", seq) }

  /// The span of the effect with this id.
  func effect(_ id: Int64) -> String { spanID("effect", id) }

  /// The span of the scope at `path` in the action with this seq.
  func scope(_ seq: Int64, path: String) -> String { spanID("scope/" + path, seq) }

  private func spanID(_ kind: String, _ number: Int64) -> String {
    var hash = Self.fnv1a(kind, basis: self.seed)
    withUnsafeBytes(of: number.littleEndian) { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* Self.prime }
    }
    // NB: OTLP reads an all-zero span id as no span at all.
    return Self.hex(hash == 0 ? 1 : hash)
  }

  private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  private static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
