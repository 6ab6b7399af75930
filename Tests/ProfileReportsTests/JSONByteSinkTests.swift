import Foundation
import TestSupport
import Testing

@testable import ProfileReports

@Suite struct JSONByteSinkTests {
  /// What `body` writes through a sink, read back from its file.
  func written(_ body: (JSONByteSink) -> Void) throws -> String {
    let path = temporaryFolder().appendingPathComponent("sink.json").path
    let sink = try JSONByteSink(path: path)
    body(sink)
    try sink.close()
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func integersFromTheSmallestToTheLargest() throws {
    let values: [Int64] = [0, 7, -7, 10, 1_000, -1_000_000_007, .max, .min]
    let text = try written { sink in
      for value in values {
        sink.integer(value)
        sink.raw(",")
      }
    }
    #expect(text == values.map { "\($0)," }.joined())
  }

  @Test func microsecondsWithThreeDecimals() throws {
    let text = try written { sink in
      for nanoseconds: Int64 in [0, 999, 1_000, 1_234_567, -5] {
        sink.microseconds(nanoseconds)
        sink.raw(" ")
      }
    }
    #expect(text == "0.000 0.999 1.000 1234.567 0.000 ")
  }
}
