/// A type that evolves the state of a feature in response to actions and returns the effects to
/// run afterwards.
///
/// Conform by implementing ``body`` (composing other reducers) or ``reduce(into:action:)`` (doing
/// the work directly). The ``Reducer()`` macro adds the conformance and the builder attributes, as
/// in The Composable Architecture:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// NB: TCA 1.25 deprecates calling `reduce(into:action:)` directly. The runtime's stores call
/// ``_reduce(into:action:)``; the deprecation attribute is left off so that reducers written in the
/// pre-1.25 style compile without warnings here.
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State

  /// The actions the reducer handles.
  associatedtype Action

  /// The type of ``body``; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The entry point that stores use. Its default calls ``reduce(into:action:)``, or `body` when
  /// the reducer is built from other reducers.
  func _reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// A convenience for naming a reducer by the feature that owns it: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer {
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self._reduce(into: &state, action: action)
  }

  @inlinable
  public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  @_transparent
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Do not access a reducer's 'body' property directly, as it may \
      not exist.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable
  public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.body._reduce(into: &state, action: action)
  }
}
