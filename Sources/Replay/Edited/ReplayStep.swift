/// One step of a replay whose inputs were changed: a recorded input fed as recorded, fed in a
/// changed form, left out, or an action that was never recorded.
enum ReplayStep<Action> {
  /// The input at this index of ``RecordedTimeline/inputs``, as recorded.
  case recorded(Int)
  /// The input at this index, with another action in its place.
  case replaced(Int, Action)
  /// The input at this index, left out.
  case skipped(Int)
  /// An action sent from outside after the recorded action `after` (0: before the first); `n`
  /// tells several inserted after the same action apart.
  case inserted(after: Int64, n: Int, Action)

  /// The index in ``RecordedTimeline/inputs`` of a recorded step.
  var index: Int? {
    switch self {
    case let .recorded(index), let .replaced(index, _), let .skipped(index): index
    case .inserted: nil
    }
  }
}

/// Which input an action a replay fed stands for: a recorded one (by seq), or one inserted.
enum StepKey: Hashable {
  case recorded(Int64)
  case inserted(after: Int64, n: Int)

  /// The recorded seq, or the seq an inserted action follows.
  var seq: Int64 {
    switch self {
    case let .recorded(seq), let .inserted(seq, _): seq
    }
  }
}
