extension Duration {
  /// The duration in whole nanoseconds, as a trace stores times: what the profile's JSON writes
  /// under its `…Ns` keys.
  ///
  /// ```swift
  /// Duration.milliseconds(16).nanosecondCount  // 16_000_000
  /// ```
  ///
  /// NB: Exact for every duration made from nanoseconds, which is all a trace holds; finer
  /// parts (attoseconds) are dropped towards zero.
  public var nanosecondCount: Int64 {
    let (seconds, attoseconds) = self.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}

extension KeyedEncodingContainer {
  /// Writes `duration` as whole nanoseconds under `key` (the profile's `…Ns` keys).
  package mutating func encode(nanoseconds duration: Duration, forKey key: Key) throws {
    try self.encode(duration.nanosecondCount, forKey: key)
  }

  /// Writes `duration` as whole nanoseconds under `key`, or nothing when it is `nil`.
  package mutating func encodeIfPresent(nanoseconds duration: Duration?, forKey key: Key) throws {
    try self.encodeIfPresent(duration?.nanosecondCount, forKey: key)
  }
}

extension KeyedDecodingContainer {
  /// Reads whole nanoseconds under `key` as a duration.
  package func decodeNanoseconds(forKey key: Key) throws -> Duration {
    .nanoseconds(try self.decode(Int64.self, forKey: key))
  }

  /// Reads whole nanoseconds under `key` as a duration, `nil` when the key is missing.
  package func decodeNanosecondsIfPresent(forKey key: Key) throws -> Duration? {
    try self.decodeIfPresent(Int64.self, forKey: key).map(Duration.nanoseconds)
  }
}
