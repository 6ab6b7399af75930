/// An effect as it started.
public struct EffectStartRecord: Hashable, Sendable {
  public var id: Int64
  public var actionSeq: Int64
  /// Whether it sends one action, runs work, or keeps a presented child alive.
  public var kind: EffectKind
  public var name: String?
  public var cancelIDs: [String]
  /// `file:line` of the `.run` call.
  public var location: String?
  public var startNanoseconds: Int64

  public init(
    id: Int64, actionSeq: Int64, kind: EffectKind, name: String?, cancelIDs: [String],
    location: String?, startNanoseconds: Int64
  ) {
    self.id = id
    self.actionSeq = actionSeq
    self.kind = kind
    self.name = name
    self.cancelIDs = cancelIDs
    self.location = location
    self.startNanoseconds = startNanoseconds
  }
}
