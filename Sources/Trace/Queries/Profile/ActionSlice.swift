/// One action for a timeline: when its reducer ran and the time in each child scope.
package struct ActionSlice: Sendable {
  package var seq: Int64
  package var name: String
  /// The effect that sent it, for an action an effect sent.
  package var effectID: Int64?
  package var startNanoseconds: Int64
  package var durationNanoseconds: Int64
  /// Its scope timings, by path (parents before their children).
  package var scopes: [ScopeRecord]
  /// How many state paths it changed, when asked for (see
  /// ``TraceReader/forEachActionSlice(countingChangedPaths:_:)``).
  package var changedPaths: Int?

  /// Creates the record from its fields.
  package init(
    seq: Int64, name: String, effectID: Int64?, startNanoseconds: Int64,
    durationNanoseconds: Int64, scopes: [ScopeRecord], changedPaths: Int? = nil
  ) {
    self.seq = seq
    self.name = name
    self.effectID = effectID
    self.startNanoseconds = startNanoseconds
    self.durationNanoseconds = durationNanoseconds
    self.scopes = scopes
    self.changedPaths = changedPaths
  }
}
