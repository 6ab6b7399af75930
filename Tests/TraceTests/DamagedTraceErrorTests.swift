import Foundation
import GRDB
import TestSupport
import Testing
import Trace

/// A damaged database comes out as ``TraceError/damaged(path:resultCode:)`` with SQLite's result
/// code kept as a value, and the sentence derived from it.
@Suite struct DamagedTraceErrorTests {
  /// The first `count` bytes of the v3 demo trace, in a fresh temporary file.
  func truncatedDemo(to count: Int) throws -> String {
    let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Recordings/demo-v3.sqlite")
    let path = temporaryPath("cut.sqlite")
    try Data(contentsOf: demo).prefix(count).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func pagesCutShortKeepTheResultCode() throws {
    let path = try truncatedDemo(to: 20_000)
    #expect(throws: TraceError.damaged(path: path, resultCode: .SQLITE_CORRUPT)) {
      try TraceReader(path: path)
    }
  }

  @Test func theSentenceComesFromTheCode() {
    #expect(
      TraceError.damaged(path: "t.sqlite", resultCode: .SQLITE_CORRUPT).description
        == "t.sqlite: expected a readable tca-replay trace, found an SQLite database whose "
        + "pages are damaged or cut short (SQLITE_CORRUPT)")
    #expect(
      TraceError.damaged(path: "t.sqlite", resultCode: .SQLITE_IOERR_SHORT_READ).description
        == "t.sqlite: expected a readable tca-replay trace, found an SQLite database whose "
        + "pages could not be read (SQLITE_IOERR)")
  }

  @Test func resultCodeNames() {
    #expect(ResultCode.SQLITE_OK.name == "SQLITE_OK")
    #expect(ResultCode.SQLITE_CORRUPT.name == "SQLITE_CORRUPT")
    #expect(ResultCode.SQLITE_CORRUPT_INDEX.name == "SQLITE_CORRUPT")
    #expect(ResultCode.SQLITE_NOTADB.name == "SQLITE_NOTADB")
    #expect(ResultCode.SQLITE_WARNING.name == "SQLITE_WARNING")
    #expect(ResultCode.SQLITE_DONE.name == "SQLITE_DONE")
    #expect(ResultCode(rawValue: 77).name == "SQLite result code 77")
  }
}
