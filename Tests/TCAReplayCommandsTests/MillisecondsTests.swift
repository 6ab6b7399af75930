import Testing

@testable import TCAReplayCommands

@Suite struct MillisecondsTests {
  @Test func formatsWithSensiblePrecision() {
    #expect(Milliseconds.format(0) == "0 ms")
    #expect(Milliseconds.format(45_000) == "0.045 ms")
    #expect(Milliseconds.format(1_234_567) == "1.23 ms")
    #expect(Milliseconds.format(12_345_678) == "12.3 ms")
    #expect(Milliseconds.format(123_456_789) == "123 ms")
    #expect(Milliseconds.format(9_999_400_000) == "9999 ms")
    #expect(Milliseconds.format(12_345_000_000) == "12.3 s")
    #expect(Milliseconds.format(-1_500_000) == "-1.50 ms")
  }
}
