import Foundation

extension UnsafeBufferPointer<UInt8> {
  /// Whether `other` holds the same bytes, compared with `memcmp`.
  ///
  /// NB: The generic `elementsEqual` steps through the bytes one by one, which showed in
  /// profiles where a name or a key is compared for each of a million rows.
  func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard self.count == other.count else { return false }
    guard let base = self.baseAddress, let otherBase = other.baseAddress else { return true }
    return memcmp(base, otherBase, self.count) == 0
  }

  /// Whether the bytes are the UTF-8 of `text`.
  func hasSameBytes(as text: StaticString) -> Bool {
    text.withUTF8Buffer { self.hasSameBytes(as: $0) }
  }
}
