extension Reducer {
  /// Runs this reducer, and the effects it returns, with one dependency set to `value`.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  @inlinable
  @warn_unqualified_access
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    nonisolated(unsafe) let keyPath = keyPath
    nonisolated(unsafe) let value = value
    return _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer, and the effects it returns, with one dependency changed by `transform`.
  ///
  /// ```swift
  /// Feature()
  ///   .transformDependency(\.factClient) { $0.fetch = { "\($0) is a good number." } }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    nonisolated(unsafe) let keyPath = keyPath
    return _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer that runs its base with some dependencies changed. Made by ``Reducer/dependency(_:_:)``
/// and ``Reducer/transformDependency(_:transform:)``.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: (inout DependencyValues) -> Void

  @usableFromInline
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(self.update) {
      self.base._reduce(into: &state, action: action)
    }
  }
}
