import ComposableRuntime

extension ReducerRecordingBenchmarks {
  /// The least any recorder adds that swaps in recording dependencies through TCA's public API:
  /// the trivial reducer runs under one more push of the dependencies it already has, and
  /// nothing else.
  ///
  /// NB: A floor for the reducer operator, measured beside it: inside a task, a push takes the
  /// task's status-record lock, which no code outside the concurrency runtime can avoid. Not
  /// generic, so that it is compiled for `Counter`'s types, as the operator's work is: a generic
  /// reducer called from the store would look up its types' metadata on every action.
  struct CounterUnderAnotherPush: Reducer {
    let base = Counter()
    /// Kept, as the operator keeps it: reaching the static costs a retain and a release.
    let current = DependencyValues.$_current

    func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
      self.current.withValue(self.current.get()) {
        self.base.reduce(into: &state, action: action)
      }
    }
  }
}
