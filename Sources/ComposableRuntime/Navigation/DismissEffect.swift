import IssueReporting

/// Lets a presented child dismiss itself from an effect: `await dismiss()`.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// …
/// case .saveButtonTapped:
///   return .run { send in
///     await send(.delegate(.saved))
///     await dismiss()
///   }
/// ```
///
/// The parent receives `.dismiss` (or `.popFrom(id:)` for a stack element) and removes the child,
/// which cancels the child's remaining effects.
public struct DismissEffect: Sendable {
  let dismiss: @MainActor @Sendable () -> Void

  init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  /// Dismisses the presented feature this effect belongs to.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    self.dismiss()
  }
}

extension DismissEffect: DependencyKey {
  public static let liveValue = DismissEffect {
    reportIssue(
      """
      A feature called '\\.dismiss' but was not presented: only a child run by \
      'ifLet(\\.$destination, action:)' or 'forEach(\\.path, action:)' can dismiss itself.
      """
    )
  }
  public static let testValue = liveValue
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}
