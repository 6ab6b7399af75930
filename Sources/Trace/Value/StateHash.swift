/// The state hash stored with every action: equal histories give equal hashes, so replay can
/// compare hashes before it compares states.
///
/// It is a chain, not a content hash: FNV-1a over the initial keyframe's JSON, then over each
/// action's diff operations (their JSON encoding), each step seeded with the hash before it. Two
/// states reached by different histories hash differently.
///
/// ```swift
/// var hash = StateHash(initial: initialState)
/// hash.chain(operations)        // after each action that changed the state
/// ```
public struct StateHash: Hashable, Sendable {
  /// The hash as stored in `actions.state_hash`.
  public private(set) var value: Int64

  /// The hash of a recording's initial state.
  public init(initial state: TraceValue) {
    self.value = Self.fnv1a(state.jsonText, seed: 0)
  }

  /// A stored hash, to continue the chain from.
  public init(value: Int64) {
    self.value = value
  }

  /// Chains the state change `operations` into the hash; no change leaves it as it is.
  public mutating func chain(_ operations: [DiffOperation]) {
    guard !operations.isEmpty else { return }
    self.chain(encodedOperations: DiffOperation.jsonText(of: operations))
  }

  /// ``chain(_:)`` for operations already encoded with `DiffOperation.jsonText(of:)`.
  public mutating func chain(encodedOperations text: String) {
    self.value = Self.fnv1a(text, seed: self.value)
  }

  /// FNV-1a over `text`'s UTF-8, starting from `seed`.
  static func fnv1a(_ text: String, seed: Int64) -> Int64 {
    var hash = UInt64(bitPattern: seed) ^ 0xcbf2_9ce4_8422_2325
    // NB: Over the contiguous bytes, not `text.utf8`, whose iterator decodes a position at a time;
    // the recorder's worker hashes every diff it writes.
    var text = text
    text.withUTF8 { bytes in
      for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01b3
      }
    }
    return Int64(bitPattern: hash)
  }
}
