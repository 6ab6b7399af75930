#if canImport(SwiftUI)
  import SwiftUI
#endif

extension Send {
  /// Sends an action back to the store with an animation, unless the effect's task has been
  /// cancelled.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.itemsLoaded(try await client.items()), animation: .default)
  /// }
  /// ```
  ///
  /// Where SwiftUI exists the action is sent inside a transaction with `animation`. On Linux there
  /// is no view to animate: the action is sent exactly as `send(action)` would send it.
  public func callAsFunction(
    _ action: Action, animation: Animation?, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    #if canImport(SwiftUI)
      withTransaction(Transaction(animation: animation)) {
        self(action, fileID: fileID, line: line)
      }
    #else
      self(action, fileID: fileID, line: line)
    #endif
  }
}

extension Effect {
  /// An effect that sends an action back to the store at once, with an animation.
  ///
  /// ```swift
  /// case .toggleButtonTapped:
  ///   return .send(.toggled, animation: .spring)
  /// ```
  ///
  /// NB: This runtime has no view layer on any platform, so the action is delivered exactly as
  /// ``send(_:)`` delivers it and the animation is dropped; the overload exists so that feature code
  /// written for TCA compiles unchanged.
  public static func send(_ action: Action, animation: Animation?) -> Self {
    .send(action)
  }
}
