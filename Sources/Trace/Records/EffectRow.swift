/// An effect with its start and, once it ended, its end.
public struct EffectRow: Hashable, Sendable {
  public var start: EffectStartRecord
  public var end: EffectEndRecord?

  public init(start: EffectStartRecord, end: EffectEndRecord?) {
    self.start = start
    self.end = end
  }
}
