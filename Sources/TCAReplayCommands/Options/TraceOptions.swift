import ArgumentParser
import Trace

/// The trace a command reads: the first argument of every command that opens one.
public struct TraceOptions: ParsableArguments {
  @Argument(help: "The trace to read (an .sqlite file written by the recorder).")
  public var trace: String

  public init() {}

  /// Opens the trace; a failure is a one-line ``TraceError``.
  public func open() throws -> TraceReader {
    try TraceReader(path: self.trace)
  }
}
