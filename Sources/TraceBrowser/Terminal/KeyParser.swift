/// Turns the bytes a terminal sends into keys, several per `read` when keys arrive together (a
/// held key, a paste, a test driving the terminal).
///
/// ```swift
/// var parser = KeyParser()
/// parser.keys(from: Array("jj\u{1B}[B:5\r".utf8))
/// // [.character("j"), .character("j"), .down, .character(":"), .character("5"), .enter]
/// ```
///
/// An escape sequence cut off at the end of one read is kept and completed by the next. A lone
/// `ESC` at the end of a read is the Escape key: terminals send a sequence in one write.
public struct KeyParser: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// The keys in `bytes`, after any sequence left incomplete by the previous call.
  public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
    let input = self.pending + bytes
    self.pending = []
    var keys: [Key] = []
    var index = input.startIndex
    while index < input.endIndex {
      let byte = input[index]
      switch byte {
      case 0x1B:
        guard index + 1 < input.endIndex else {
          keys.append(.escape)
          index += 1
          continue
        }
        let introducer = input[index + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
          // NB: ESC then a key is how some terminals send Alt+key; the Escape key is what the
          // view needs of it.
          keys.append(.escape)
          index += 1
          continue
        }
        // CSI: parameters (digits, ';') then one final byte in 0x40...0x7E.
        var end = index + 2
        while end < input.endIndex, (0x30...0x3F).contains(input[end]) { end += 1 }
        guard end < input.endIndex else {
          self.pending = Array(input[index...])
          return keys
        }
        let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
        if let key = Self.key(final: input[end], parameters: parameters) { keys.append(key) }
        index = end + 1
      case 0x0D, 0x0A:
        keys.append(.enter)
        index += 1
      case 0x09:
        keys.append(.tab)
        index += 1
      case 0x7F, 0x08:
        keys.append(.backspace)
        index += 1
      case 0x00..<0x20:
        index += 1  // other control bytes mean nothing here
      default:
        let length =
          byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= input.endIndex else {
          self.pending = Array(input[index...])
          return keys
        }
        let text = String(decoding: input[index..<(index + length)], as: UTF8.self)
        if let character = text.first { keys.append(.character(character)) }
        index += length
      }
    }
    return keys
  }

  private static func key(final: UInt8, parameters: String) -> Key? {
    switch (Character(UnicodeScalar(final)), parameters) {
    case ("A", _): .up
    case ("B", _): .down
    case ("C", _): .right
    case ("D", _): .left
    case ("H", _), ("~", "1"), ("~", "7"): .home
    case ("F", _), ("~", "4"), ("~", "8"): .end
    case ("~", "5"): .pageUp
    case ("~", "6"): .pageDown
    default: nil
    }
  }
}
