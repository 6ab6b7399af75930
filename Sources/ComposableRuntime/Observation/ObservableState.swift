/// A state type that a view could observe.
///
/// NB: In TCA, `@ObservableState` wires the state into Swift's observation so SwiftUI views
/// re-render on change. Linux has no view to notify; here the macro's accessors tell
/// ``StateReads`` what a reducer reads instead, and the conformance lets state written for TCA
/// (and store APIs constrained to `State: ObservableState`) compile unchanged.
public protocol ObservableState: TrackedPropertyNaming {}
