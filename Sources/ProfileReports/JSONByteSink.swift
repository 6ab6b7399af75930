import Foundation
import Trace

/// Appends JSON text to a buffer and writes it to a file a megabyte at a time, so a big export
/// never holds more than that in memory; or, made with ``init()``, keeps it in memory until
/// taken, for a request body.
final class JSONByteSink {
  private let handle: FileHandle?
  private let path: String
  private var buffer: [UInt8] = []
  private(set) var bytesWritten = 0
  static let flushThreshold = 1 << 20

  init(path: String) throws {
    // NB: Opened in place, not created by a rename as `FileManager.createFile` does: a device or
    // a pipe (`/dev/stdout`) is written to, never replaced by a regular file.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw ReportError.cannotWrite(path: path) }
    self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    self.path = path
    buffer.reserveCapacity(Self.flushThreshold + 4096)
  }

  /// A sink that keeps what is written until ``take()``.
  init() {
    self.handle = nil
    self.path = ""
  }

  /// What was written since the last time, for a sink made with ``init()``.
  func take() -> [UInt8] {
    defer { buffer.removeAll(keepingCapacity: true) }
    bytesWritten += buffer.count
    return buffer
  }

  func raw(_ text: StaticString) {
    text.withUTF8Buffer { buffer.append(contentsOf: $0) }
  }

  func integer(_ value: Int64) {
    value.withDecimalDigits { buffer.append(contentsOf: $0) }
  }

  /// Nanoseconds as microseconds with three decimals (the format's `ts` and `dur` unit).
  func microseconds(_ nanoseconds: Int64) {
    let value = max(nanoseconds, 0)
    integer(value / 1000)
    let fraction = value % 1000
    buffer.append(UInt8(ascii: "."))
    buffer.append(UInt8(ascii: "0") + UInt8(fraction / 100))
    buffer.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
    buffer.append(UInt8(ascii: "0") + UInt8(fraction % 10))
  }

  /// A JSON string literal, quoted and escaped.
  func string(_ text: String) {
    buffer.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\t"): raw("\\t")
      case ..<0x20:
        raw("\\u00")
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        buffer.append(hex[Int(byte >> 4)])
        buffer.append(hex[Int(byte & 0xF)])
      default: buffer.append(byte)
      }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  /// Writes out the buffer when it passed the threshold.
  func flushIfNeeded() throws {
    if handle != nil, buffer.count >= Self.flushThreshold { try flush() }
  }

  /// Writes out the buffer; a failed write (a full disk) is ``ReportError/cannotWrite(path:)``.
  func flush() throws {
    guard let handle, !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw ReportError.cannotWrite(path: path)
    }
    bytesWritten += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }

  func close() throws {
    try flush()
    do {
      try handle?.close()
    } catch {
      throw ReportError.cannotWrite(path: path)
    }
  }
}
