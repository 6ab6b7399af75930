import SwiftBasicFormat
import SwiftSyntax

/// How a generated test is laid out: `BasicFormat`, except that `$0[…]` stays a subscript.
///
/// NB: `BasicFormat` knows `array[1]` and `self[…]` but not a `$0` before `[`, and writes
/// `$0 [ … ]`: the statements a user gives `withDependencies` often subscript it
/// (`$0[APIClient.self] = .mock`).
final class TestFormat: BasicFormat {
  override func requiresWhitespace(between first: TokenSyntax?, and second: TokenSyntax?) -> Bool {
    if case .dollarIdentifier = first?.tokenKind, second?.tokenKind == .leftSquare { return false }
    return super.requiresWhitespace(between: first, and: second)
  }
}
