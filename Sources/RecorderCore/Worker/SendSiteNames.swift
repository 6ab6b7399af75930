import InstrumentationValues
import Trace

/// The send sites of recorded actions as the trace stores them, with each file's name made once.
///
/// NB: A `#fileID` is static text the compiler places once per file, so its address names the
/// file; the worker turns each file's text into a `String` once, however many actions it sent.
struct SendSiteNames {
  private var files: [UnsafeRawPointer: String] = [:]

  /// The stored form of `location`.
  mutating func site(_ location: SendLocation) -> SendSite {
    SendSite(file: self.file(location.fileID), line: Int(location.line))
  }

  private mutating func file(_ fileID: StaticString) -> String {
    guard fileID.hasPointerRepresentation else { return fileID.description }
    let address = UnsafeRawPointer(fileID.utf8Start)
    if let known = self.files[address] { return known }
    let name = fileID.description
    self.files[address] = name
    return name
  }
}
