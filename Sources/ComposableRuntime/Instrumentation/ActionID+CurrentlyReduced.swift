extension ActionID {
  /// The action an observed store is reducing on this thread, if any: what a dependency read
  /// from a reducer can attribute itself to. `nil` outside a reducer, and in a store nobody
  /// observes.
  public static var currentlyReduced: ActionID? {
    InstrumentationContext.current?.action
  }
}
