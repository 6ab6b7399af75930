/// How much a `TestStore` insists on: every state change, received action and effect (`.on`), or
/// only what the test asserts (`.off`).
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and in-flight effect must be asserted.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what was skipped is
  /// reported as expected issues, so it shows in the test log without failing.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
