import ComposableRuntime

/// The least any recorder adds that swaps in recording dependencies through TCA's public API:
/// its base runs under one more push of the dependencies it already has, and nothing else.
///
/// NB: A floor for the reducer operator, measured beside it: inside a task, a push takes the
/// task's status-record lock, which no code outside the concurrency runtime can avoid.
struct DependencyPushing<Base: Reducer>: Reducer {
  let base: Base

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    DependencyValues.$_current.withValue(DependencyValues._current) {
      self.base.reduce(into: &state, action: action)
    }
  }
}
