/// Makes a type a reducer, as TCA's `@Reducer` does.
///
/// On a struct it adds the ``Reducer`` conformance, `@CasePathable` to an `Action` enum (and
/// `@CasePathable @dynamicMemberLookup` to an enum `State`), `@ReducerBuilder` to `body`, and
/// synthesizes `State`, `Action` or an empty `body` when they are missing:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, _ in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum whose cases hold reducers (`@Reducer enum Destination { case editor(Editor) }`) it
/// generates the `State` and `Action` enums, a `body` that scopes each case, and a `CaseScope`.
@attached(
  member,
  names: named(State), named(Action), named(init), named(body), named(CaseScope), named(scope)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ReducerMacro")

/// Marks a state type as observable, as TCA's `@ObservableState` does.
///
/// Linux has no view to notify, so it only adds the ``ObservableState`` conformance; the type
/// behaves exactly as it would without it.
@attached(extension, conformances: ObservableState)
public macro ObservableState() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ObservableStateMacro")

/// Marks a case of a `@Reducer` enum that holds plain state, such as an alert, with no reducer.
@attached(peer, names: arbitrary)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of a `@Reducer` enum that holds no feature.
@attached(peer, names: arbitrary)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ReducerCaseIgnoredMacro")
