/// What a replay found: how far it got, and the first divergence from the recording, if any.
public struct ReplayResult: Sendable {
  /// How many recorded actions were fed to the store and compared.
  public var replayedActions: Int
  /// The first point where today's code did something the recording did not; `nil` when the
  /// replay was identical.
  public var divergence: Divergence?

  /// Whether the replay matched the recording all the way.
  public var isIdentical: Bool { self.divergence == nil }
}
