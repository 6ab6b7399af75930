/// One change to a recording's inputs for a "what if" replay: leave an action out, send another
/// in its place, or send one more.
///
/// ```swift
/// let result = try await replay.run(AppFeature(), edits: [
///   .skip(12),                                          // as if #12 had not happened
///   .replace(30, with: .counter(.view(.decrementButtonTapped))),
///   .insert(after: 12, .clearFactsButtonTapped),
/// ])
/// result.divergence      // the first action whose outcome differs from the recording's
/// result.effectChanges   // the effects that started or stopped differently
/// ```
///
/// Seqs are the recording's. A replaced action keeps its place, its time and its origin; an
/// inserted one is sent from outside at the time of the action it follows, after everything
/// else inserted after that action before it.
public enum ReplayEdit<Action> {
  /// Leaves out the recorded action `seq`; if an effect sent it, that output is not delivered.
  case skip(Int64)
  /// Sends `action` in place of the recorded action `seq`.
  case replace(Int64, with: Action)
  /// Sends `action` from outside right after the recorded action `seq` (0: before the first).
  case insert(after: Int64, Action)

  /// The recorded seq the edit is about.
  public var seq: Int64 {
    switch self {
    case let .skip(seq), let .replace(seq, _), let .insert(seq, _): seq
    }
  }

  /// The same edit with its action transformed, for example decoded from JSON.
  ///
  /// ```swift
  /// let typed = try edits.map { try $0.map { try JSONDecoder().decode(Action.self, from: $0) } }
  /// ```
  public func map<Other>(_ transform: (Action) throws -> Other) rethrows -> ReplayEdit<Other> {
    switch self {
    case let .skip(seq): .skip(seq)
    case let .replace(seq, action): .replace(seq, with: try transform(action))
    case let .insert(seq, action): .insert(after: seq, try transform(action))
    }
  }
}

extension ReplayEdit: Sendable where Action: Sendable {}
extension ReplayEdit: Equatable where Action: Equatable {}
