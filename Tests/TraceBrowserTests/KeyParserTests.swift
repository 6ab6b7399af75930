import Testing

@testable import TraceBrowser

@Suite struct KeyParserTests {
  @Test func splitsSeveralKeysArrivingInOneRead() {
    var parser = KeyParser()
    let keys = parser.keys(from: Array("jj\u{1B}[B\u{1B}[A:5\r/é q".utf8))
    #expect(
      keys == [
        .character("j"), .character("j"), .down, .up, .character(":"), .character("5"), .enter,
        .character("/"), .character("é"), .character(" "), .character("q"),
      ])
  }

  @Test func readsPagingHomeEndAndApplicationCursorKeys() {
    var parser = KeyParser()
    let keys = parser.keys(
      from: Array("\u{1B}[6~\u{1B}[5~\u{1B}[H\u{1B}[F\u{1B}OB\u{1B}[1;5C".utf8))
    #expect(keys == [.pageDown, .pageUp, .home, .end, .down, .right])
  }

  @Test func completesASequenceCutBetweenReads() {
    var parser = KeyParser()
    #expect(parser.keys(from: Array("k\u{1B}[".utf8)) == [.character("k")])
    #expect(parser.keys(from: Array("6~j".utf8)) == [.pageDown, .character("j")])
    let euro = Array("€".utf8)
    #expect(parser.keys(from: euro.prefix(1)) == [])
    #expect(parser.keys(from: euro.dropFirst()) == [.character("€")])
  }

  @Test func readsEscapeTabBackspaceAndNewline() {
    var parser = KeyParser()
    #expect(parser.keys(from: [0x1B]) == [.escape])
    #expect(parser.keys(from: [0x1B, UInt8(ascii: "q")]) == [.escape, .character("q")])
    #expect(
      parser.keys(from: [0x09, 0x7F, 0x08, 0x0A, 0x01]) == [.tab, .backspace, .backspace, .enter])
  }
}
