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
  /// What dismissing does; `nil` outside a presentation, where calling it is an issue.
  let dismiss: (@MainActor @Sendable () -> Void)?

  /// A dismiss effect that runs `dismiss`, as TCA's does: a test of a child feature on its own
  /// can see it called with `$0.dismiss = DismissEffect { … }`.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  private init() {
    self.dismiss = nil
  }

  /// Dismisses the presented feature this effect belongs to.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss = self.dismiss else {
      reportIssue(
        """
        A feature called '\\.dismiss' but was not presented: only a child run by \
        'ifLet(\\.$destination, action:)' or 'forEach(\\.path, action:)' can dismiss itself.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    dismiss()
  }
}

extension DismissEffect: DependencyKey {
  public static let liveValue = DismissEffect()
  public static let testValue = liveValue
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}
