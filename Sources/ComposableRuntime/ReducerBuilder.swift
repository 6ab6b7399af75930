/// The result builder behind ``Reducer/body``: it runs the reducers it lists one after the other on
/// the same state and merges their effects.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.child, action: \.child) { Child() }
///   Reduce { state, action in .none }
/// }
/// ```
///
/// NB: The builder's functions consume what they are given: a feature's `body` is built again
/// for every action, and a borrowed reducer would be copied into its sequence (retaining every
/// key path and closure in it) and then destroyed.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildArray(
    _ reducers: [some Reducer<State, Action>]
  ) -> some Reducer<State, Action> {
    _SequenceMany(reducers: reducers)
  }

  @inlinable
  public static func buildBlock() -> some Reducer<State, Action> {
    EmptyReducer()
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: consuming R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: consuming R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: consuming R) -> R {
    expression
  }

  // NB: TCA also has a disfavoured `buildExpression(_: any Reducer<State, Action>) -> Reduce`.
  // It is left out on purpose: when a store's types are inferred from its reducer
  // (`Store(initialState: …) { Feature().record(to: recorder) }`), the type checker picks it for
  // concrete reducers and erases them, hiding `.record(to:)` from the store. Under Swift 6 a bare
  // `any Reducer` value in a builder does not type-check through it anyway; wrap it in `Reduce`.

  @inlinable
  public static func buildFinalResult<R: Reducer<State, Action>>(_ reducer: consuming R) -> R {
    reducer
  }

  @inlinable
  public static func buildLimitedAvailability(
    _ wrapped: some Reducer<State, Action>
  ) -> Reduce<State, Action> {
    Reduce(wrapped)
  }

  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: consuming R?) -> R? {
    wrapped
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: consuming R) -> R {
    first
  }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: consuming R0, next: consuming R1
  ) -> _Sequence<R0, R1> {
    _Sequence(accumulated, next)
  }

  /// The reducer an `if`/`else` or `switch` in a builder produces.
  public enum _Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    case first(First)
    case second(Second)

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case let .first(first): first._reduce(into: &state, action: action)
      case let .second(second): second._reduce(into: &state, action: action)
      }
    }
  }

  /// Two reducers run one after the other; their effects are merged.
  public struct _Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline let r0: R0
    @usableFromInline let r1: R1

    @inlinable
    init(_ r0: R0, _ r1: R1) {
      self.r0 = r0
      self.r1 = r1
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      self.r0._reduce(into: &state, action: action)
        .merge(with: self.r1._reduce(into: &state, action: action))
    }
  }

  /// The reducers of a `for` loop in a builder, run in order.
  public struct _SequenceMany<Element: Reducer<State, Action>>: Reducer {
    @usableFromInline let reducers: [Element]

    @inlinable
    init(reducers: [Element]) {
      self.reducers = reducers
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      self.reducers.reduce(.none) { $0.merge(with: $1._reduce(into: &state, action: action)) }
    }
  }
}
