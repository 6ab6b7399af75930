import Trace

/// What a replay found: how far it got, and the first divergence from the recording, if any.
public struct ReplayResult: Sendable {
  /// How many recorded actions were fed to the store and compared.
  public var replayedActions: Int
  /// The first point where today's code did something the recording did not; `nil` when the
  /// replay was identical. In an edited replay: the first action whose outcome (its change to
  /// the state, the effects it started or cancelled, the values it read) differs.
  public var divergence: Divergence?
  /// The issues the runtime reported during an edited replay (an action sent to a child whose
  /// state is gone, an unhandled effect error), one line each, in order. Edited replays collect
  /// them instead of letting them fail the caller's test; a plain replay leaves this empty.
  public var issues: [String] = []
  /// In an edited replay: the effects that started or stopped differently from the recording.
  public var effectChanges: [EffectChange] = []
  /// In an edited replay: the recorded outputs of effects that were not delivered (their
  /// effect did not run, or was cancelled before them), by seq.
  public var droppedOutputs: [Int64] = []
  /// In an edited replay: the recorded outputs delivered to an action that replaced the one they
  /// answered (an effect the replacement started in the original's place answers with them).
  public var redeliveredOutputs: [RedeliveredOutputs] = []
  /// In an edited replay: the state at the seq asked for (by default the end), reflected.
  public var state: TraceValue?

  public init(replayedActions: Int, divergence: Divergence?) {
    self.replayedActions = replayedActions
    self.divergence = divergence
  }

  /// Whether the replay matched the recording all the way.
  public var isIdentical: Bool { self.divergence == nil }
}
