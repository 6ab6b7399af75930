import ComposableRuntime

/// The observer of a traced store with no tracer and nothing else watching: it ignores every
/// event.
///
/// NB: A reducer that brings an observer must return one; this one's empty defaults are what the
/// store calls.
@MainActor
final class IdleObserver<State, Action>: StoreObserver {}
