import ComposableRuntime

extension DependencyValues {
  /// What a replay that runs no effect (hermetic, edited, chaos) sets up: the caller's
  /// dependencies first, which answer what the reducer itself calls as it runs, then the
  /// replay's `clock` as both clocks, and stack element ids counting from 0 as in the recorded
  /// store, whatever the caller set. The recorded values go in after this.
  mutating func prepareForReplay(
    clock: ReplayClock, caller prepareDependencies: (inout DependencyValues) -> Void
  ) {
    prepareDependencies(&self)
    self.continuousClock = clock
    self.suspendingClock = clock
    self.stackElementID = .incrementing()
  }
}
