/// A state type that a view could observe.
///
/// NB: In TCA, `@ObservableState` wires the state into Swift's observation so SwiftUI views
/// re-render on change. Linux has no view to notify, so here the macro only adds this conformance:
/// features written for TCA compile unchanged, and stores behave the same.
public protocol ObservableState {}
