extension TraceReader {
  /// Whether the trace records where each action was sent from (schema 4 on). In an older trace
  /// every ``ActionRecord/site`` is `nil` because it was never recorded, and commands leave the
  /// site out of what they print rather than print it as unknown.
  ///
  /// ```swift
  /// if trace.recordsSendSites { print(action.site?.description ?? "unknown") }
  /// ```
  public var recordsSendSites: Bool { self.header.schemaVersion >= 4 }
}
