/// One screen line as pieces of styled text, fitted to a width in terminal columns.
///
/// ```swift
/// var line = StyledLine()
/// line.append("#5", .accent)
/// line.append(" counter.view.incrementButtonTapped")
/// line.rendered(width: 20, palette: .plain)  // "#5 counter.view.inc…"
/// ```
public struct StyledLine: Hashable, Sendable {
  public private(set) var pieces: [(text: String, style: Style)] = []

  public init(_ text: String = "", _ style: Style = .normal) {
    if !text.isEmpty { self.pieces.append((text, style)) }
  }

  public mutating func append(_ text: String, _ style: Style = .normal) {
    if !text.isEmpty { self.pieces.append((text, style)) }
  }

  /// The text without styles.
  public var text: String { self.pieces.map(\.text).joined() }

  /// The line cut (with `…`) or padded with spaces to exactly `width` columns; `fill` styles the
  /// whole line under its pieces (the cursor row is `.selected` from edge to edge).
  public func rendered(width: Int, palette: Palette, fill: Style = .normal) -> String {
    var output = palette.start(fill)
    var used = 0
    let total = self.pieces.reduce(0) { $0 + TextWidth.of($1.text) }
    let budget = total > width ? width - 1 : width
    for piece in self.pieces where used < budget {
      let (text, columns) = TextWidth.prefix(piece.text, columns: budget - used)
      if piece.style == .normal || palette == .plain {
        output += text
      } else {
        output += palette.start(piece.style) + text + palette.reset + palette.start(fill)
      }
      used += columns
    }
    if total > width, width > 0 {
      output += "…"
      used += 1
    }
    output += String(repeating: " ", count: max(width - used, 0))
    return output + (fill == .normal ? "" : palette.reset)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.pieces.elementsEqual(rhs.pieces) { $0.text == $1.text && $0.style == $1.style }
  }

  public func hash(into hasher: inout Hasher) {
    for piece in self.pieces {
      hasher.combine(piece.text)
      hasher.combine(piece.style)
    }
  }
}

/// How many terminal columns text takes: wide (East Asian, emoji) characters two, combining marks
/// none, control characters one (they are drawn as spaces), everything else one.
enum TextWidth {
  static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + Self.of($1) }
  }

  static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 1 }  // drawn as a space
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  /// The longest prefix of `text` that fits in `columns`, with the columns it takes. Control
  /// characters become spaces, so a value can never move the terminal's cursor.
  static func prefix(_ text: String, columns: Int) -> (String, Int) {
    var output = ""
    var used = 0
    for character in text {
      let isControl =
        character.unicodeScalars.first.map {
          $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
        } ?? false
      let shown: Character = isControl ? " " : character
      let width = isControl ? 1 : Self.of(character)
      guard used + width <= columns else { break }
      output.append(shown)
      used += width
    }
    return (output, used)
  }
}
