/// Which actions a listing shows: a range of sequence numbers, a name pattern, an origin, only
/// those that changed the state, at most so many.
///
/// ```swift
/// var filter = ActionFilter()
/// filter.namePattern = "todos.*"
/// filter.changedOnly = true
/// filter.limit = 50
/// try trace.forEachAction(matching: filter) { print($0.name) }
/// ```
public struct ActionFilter: Hashable, Sendable {
  /// Where an action came from, for filtering.
  public enum Origin: String, Hashable, Sendable, CaseIterable {
    case send
    case effect
    /// Changes to shared values made outside any action.
    case shared
  }

  /// The first sequence number shown.
  public var from: Int64?
  /// The last sequence number shown.
  public var to: Int64?
  /// A glob over case paths (`*` any run of characters, `?` one character; case-sensitive), as
  /// SQLite's `GLOB` reads it.
  public var namePattern: String?
  public var origin: Origin?
  /// Only actions whose reducer changed the state.
  public var changedOnly = false
  /// At most this many actions.
  public var limit: Int?

  public init() {}
}
