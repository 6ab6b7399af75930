import Trace

extension TraceWriter {
  /// A writer of a new trace at `path` whose header names root types `S` and `A`, for tests
  /// that write their own batches.
  public static func forTests(
    at path: String, keyframeInterval: Int = 10, metadata: [String: String] = [:]
  ) throws -> TraceWriter {
    try TraceWriter(
      path: path,
      header: TraceHeader(
        recorderVersion: "test", stateType: "S", actionType: "A",
        startedAt: "2026-11-25T00:00:00Z", keyframeInterval: keyframeInterval,
        options: TraceHeader.Options(keyframeInterval: keyframeInterval), metadata: metadata))
  }
}
