import ComposableRuntime

/// A reference point for the store benchmark: TCA's send loop (queue actions while sending, reduce a local
/// copy of the state with the store's dependencies, write it back once per batch) with no
/// instrumentation code at all. It handles only reducers that return `.none`, which is all the
/// benchmark sends.
@MainActor
final class HooklessStore<R: Reducer> {
  private(set) var state: R.State
  private let reducer: R
  private let dependencies: DependencyValues
  private var buffer: [R.Action] = []
  private var isSending = false

  init(initialState: R.State, reducer: R) {
    self.state = initialState
    self.reducer = reducer
    @Dependency(\.self) var dependencies
    self.dependencies = dependencies
  }

  func send(_ action: R.Action) {
    buffer.append(action)
    guard !isSending else { return }
    isSending = true
    var state = self.state
    defer {
      buffer.removeAll(keepingCapacity: true)
      self.state = state
      isSending = false
    }
    var index = 0
    while index < buffer.count {
      let action = buffer[index]
      index += 1
      _ = withDependencies {
        $0 = self.dependencies
      } operation: {
        reducer._reduce(into: &state, action: action)
      }
    }
  }
}
