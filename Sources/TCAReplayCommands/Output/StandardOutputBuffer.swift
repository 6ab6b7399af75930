import Foundation
import Trace

/// Standard output gathered as bytes and written a large chunk at a time, in order with what
/// `print` writes.
///
/// NB: For commands that print a line per action of a long trace: one `print` per line, and
/// the strings built for it, cost more than finding the line did.
///
/// ```swift
/// var output = StandardOutputBuffer()
/// defer { output.flush() }
/// output.append("#1\n")
/// output.flushIfFull()
/// ```
struct StandardOutputBuffer {
  /// What is waiting to be written.
  var bytes: [UInt8] = []
  /// How many bytes gather before ``flushIfFull()`` writes them.
  static let chunkSize = 1 << 16

  init() {
    self.bytes.reserveCapacity(Self.chunkSize + 4096)
  }

  /// Appends `text`.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { self.bytes.append(contentsOf: $0) }
  }

  /// Appends the UTF-8 of `text`.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { self.bytes.append(contentsOf: $0) }
  }

  /// Appends `value` in decimal.
  mutating func append(_ value: Int64) {
    value.withDecimalDigits { self.bytes.append(contentsOf: $0) }
  }

  /// How many bytes ``append(_:)-(Int64)`` writes for `value`.
  static func decimalLength(of value: Int64) -> Int {
    var length = value < 0 ? 2 : 1
    var magnitude = value.magnitude
    while magnitude >= 10 {
      magnitude /= 10
      length += 1
    }
    return length
  }

  /// Writes out what has gathered once it reaches ``chunkSize``.
  mutating func flushIfFull() {
    if self.bytes.count >= Self.chunkSize { self.flush() }
  }

  /// Writes out what has gathered.
  ///
  /// NB: What `print` buffered in the C library goes out first, so the two never reorder. A
  /// failed write is ignored, as `print` ignores it.
  mutating func flush() {
    guard !self.bytes.isEmpty else { return }
    fflush(nil)
    self.bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
    self.bytes.removeAll(keepingCapacity: true)
  }
}
