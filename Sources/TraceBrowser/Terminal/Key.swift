/// A key the interactive view understands, as parsed from the terminal's input bytes.
public enum Key: Hashable, Sendable {
  /// A printable character: `j`, `G`, `/`, `é`.
  case character(Character)
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  case enter
  case escape
  case tab
  case backspace
}
