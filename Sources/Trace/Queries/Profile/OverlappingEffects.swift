/// The `.run` effects of one action case and one source (the same name, location and cancel
/// ids) that were alive together and ended without being cancelled: each answered,
/// in whatever order it ended. The shape of a debounce written without `cancelInFlight`.
///
/// ```swift
/// for group in try trace.overlappingEffects(limit: 10) {
///   print(group.actionName, group.label, group.overlaps)  // search.queryChanged Search.swift:12 2
/// }
/// ```
package struct OverlappingEffects: Hashable, Sendable {
  /// The case path of the action that started them.
  package var actionName: String
  /// Their `.run(name:)`, if any.
  package var name: String?
  /// Their `file:line`, if recorded.
  package var location: String?
  /// The cancel ids they shared (empty: none).
  package var cancelIDs: [String]
  /// How many of them ended without being cancelled.
  package var effects: Int
  /// How many of those started while an earlier one was still running.
  package var overlaps: Int
  /// The sequence numbers of the actions that started the effects that overlapped another, first
  /// first (at most the limit asked for).
  package var seqs: [Int64]
  /// The id of the effect that ended last of those that overlapped another and sent actions;
  /// `nil` when none sent any.
  package var lastToAnswer: Int64?
  /// The id of the one of those that ended just before it; `nil` when there is none.
  package var answeredBefore: Int64?

  /// What the effects are called in reports: their name, else their location, else `run`.
  package var label: String { self.name ?? self.location ?? EffectKind.run.rawValue }

  /// A group from its fields.
  package init(
    actionName: String, name: String?, location: String?, cancelIDs: [String], effects: Int,
    overlaps: Int, seqs: [Int64], lastToAnswer: Int64?, answeredBefore: Int64? = nil
  ) {
    self.actionName = actionName
    self.name = name
    self.location = location
    self.cancelIDs = cancelIDs
    self.effects = effects
    self.overlaps = overlaps
    self.seqs = seqs
    self.lastToAnswer = lastToAnswer
    self.answeredBefore = answeredBefore
  }
}
