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

/// Synthesizes a `Codable` conformance for a feature's `State` or `Action` so that recordings of
/// it can be replayed; `@Reducer` adds it where it is needed. Not meant to be written by hand.
///
/// Each enum case is keyed by its name with its associated values (`{"response": {"_0": …}}`),
/// each stored property of a struct by its name; a `Result<Value, any Error>` keeps its failure
/// as a ``RecordedError``, and a value with no coding (a closure) throws
/// `UncodableValueError` when coded, naming its case or field, rather than failing to compile.
/// `Codable` written by the user wins: a type that declares it gets nothing. The types nested in
/// it get the attribute too (`Action.Alert`, `Action.Delegate`).
///
/// ```swift
/// @_TraceCodable
/// enum Action { case factResponse(Result<String, any Error>) }
/// ```
@attached(extension, conformances: Codable, names: named(init(from:)), named(encode(to:)))
@attached(memberAttribute)
public macro _TraceCodable() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "TraceCodableMacro")

/// The coding of ``_TraceCodable()`` for a type nested in one it codes (`Action.Alert`); it
/// adds itself to nothing further down. Not meant to be written by hand.
@attached(extension, conformances: Codable, names: named(init(from:)), named(encode(to:)))
public macro _TraceCodableMember() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "TraceCodableMemberMacro")

/// Marks a state type as observable, as TCA's `@ObservableState` does.
///
/// Linux has no view to notify, but the macro does what TCA's does to a struct's stored
/// properties: each plain stored `var` becomes accessors over private `_name` storage, which let
/// a recorder note the state paths a reducer read. It adds the ``ObservableState`` conformance,
/// and `CodingKeys` that keep a synthesized `Codable` coding each property under its own name.
@attached(
  extension, conformances: ObservableState, CustomDumpReflectable, Codable,
  names: named(init(from:)), named(encode(to:)))
@attached(memberAttribute)
@attached(
  member,
  names: named(CodingKeys), named(_$trackedPropertyNames), named(_$trackedPropertyName),
  named(_$trackedKeyPath), named(customDumpMirror))
public macro ObservableState() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ObservableStateMacro")

/// Tracks reads of a stored property of an `@ObservableState` struct; `@ObservableState` adds
/// it. Not meant to be written by hand.
@attached(accessor, names: named(init), named(_read), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ObservationStateTrackedMacro")

/// Marks a case of a `@Reducer` enum that holds plain state, such as an alert, with no reducer.
@attached(peer, names: arbitrary)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of a `@Reducer` enum that holds no feature.
@attached(peer, names: arbitrary)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableRuntimeMacros", type: "ReducerCaseIgnoredMacro")
