/// The effects of an action sent to a `TestStore`, to cancel or await in a test.
///
/// ```swift
/// let task = await store.send(.onAppear)
/// …
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  /// The store task behind it; `nil` when the action started no effect.
  public let rawValue: Task<Void, Never>?
  let timeout: Duration

  /// Cancels the effects and waits until they have ended.
  @MainActor
  public func cancel() async {
    self.rawValue?.cancel()
    await self.rawValue?.value
  }

  /// Waits for the effects to end, failing the test if they are still running after `timeout`
  /// (real time; effects waiting on a `TestClock` need the clock advanced first).
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let rawValue else { return }
    let isDone = LockIsolated(false)
    Task { @MainActor in
      await rawValue.value
      isDone.setValue(true)
    }
    await yieldToEffects(until: { isDone.value }, timeout: timeout ?? self.timeout)
    if !isDone.value {
      reportTestStoreFailure(
        """
        Expected the task to finish, but it is still running after \(timeout ?? self.timeout).

        If an effect waits on a clock, advance the clock first.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Whether the task was cancelled; `true` when there was nothing to run.
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}
