extension Reducer {
  /// Runs another reducer after this one whenever a value derived from the state changes.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .none
  ///     }
  ///   }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func onChange<V: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }

  /// Calls `perform` after this reducer whenever a value derived from the state changes; the
  /// effect it returns is merged with this reducer's.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.count) { newValue, state in
  ///     state.isEven = newValue.isMultiple(of: 2)
  ///     return .none
  ///   }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func onChange<V: Equatable>(
    of toValue: @escaping (State) -> V,
    _ perform: @escaping (_ newValue: V, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, V, Reduce<State, Action>> {
    _OnChangeReducer(base: self, toValue: toValue) { _, newValue in
      Reduce { state, _ in perform(newValue, &state) }
    }
  }
}

/// A reducer that runs another when a value derived from the state changes. Made by
/// ``Reducer/onChange(of:_:)-(_,ReducerBuilder<_,_>)``.
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Next: Reducer>: Reducer
where Base.State == Next.State, Base.Action == Next.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let reducer: (Value, Value) -> Next

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    reducer: @escaping (Value, Value) -> Next
  ) {
    self.base = base
    self.toValue = toValue
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = self.toValue(state)
    let baseEffects = self.base._reduce(into: &state, action: action)
    let newValue = self.toValue(state)
    guard oldValue != newValue else { return baseEffects }
    return baseEffects.merge(
      with: self.reducer(oldValue, newValue)._reduce(into: &state, action: action)
    )
  }
}
