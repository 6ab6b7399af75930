/// The exact encodings of the last few actions the writing stage encoded that are enum cases all
/// the way down with no payload at the end: a storm repeats the same few actions, and encoding one
/// runs its whole `Codable` conformance.
///
/// Such an action is the same value as another when both have the same name and the same types
/// at every level (``ActionDescription/wholeTypes``), so it encodes the same, and is looked up by
/// those. Any other action is encoded every time: `==` would not do, as a type's own `==` may
/// ignore what its encoding writes, and neither would its bytes, as the bytes of a case without a
/// payload need not all be written.
///
/// ```swift
/// var cache = EncodingCache()
/// let key = EncodingCache.Key(name: description.name, types: description.wholeTypes!)
/// let bytes = cache.encoding(of: key) { try? encoder.encode(action) }
/// ```
struct EncodingCache {
  /// What tells two actions apart when they are enum cases all the way down: the cases' names,
  /// joined by dots, and the enums' types, outermost first.
  struct Key: Equatable {
    let name: String
    let types: [ObjectIdentifier]
  }

  private var entries: [(key: Key, encoding: [UInt8]?)] = []

  /// How many actions are remembered; a storm alternates between a few.
  static var capacity: Int { 8 }

  /// The encoding `encode` made before for an action of `key`, or `encode()`'s; with no key,
  /// `encode()`'s.
  mutating func encoding(of key: Key?, _ encode: () -> [UInt8]?) -> [UInt8]? {
    guard let key else { return encode() }
    if let hit = self.entries.first(where: { $0.key == key }) { return hit.encoding }
    let encoding = encode()
    if self.entries.count == Self.capacity { self.entries.removeFirst() }
    self.entries.append((key, encoding))
    return encoding
  }
}
