import Trace

/// Where a recording's effect outputs may move in a chaos run.
///
/// Inputs sent from outside, and the actions `.send` effects deliver at once, keep their recorded
/// places. Between two of them, the outputs of `.run` effects (the effects that were in flight
/// together) form a window: a run delivers them in another order, each effect's own outputs in
/// their recorded order, and an effect's outputs never before the action that started it.
struct ChaosWindows {
  /// The windows, in order, as index ranges into the timeline's inputs.
  let windows: [Range<Int>]
  /// The window of each input index; `nil` for inputs that keep their places.
  let windowOf: [Int?]
  let timeline: RecordedTimeline

  init(timeline: RecordedTimeline) {
    self.timeline = timeline
    var windows: [Range<Int>] = []
    var windowOf = [Int?](repeating: nil, count: timeline.inputs.count)
    var start: Int?
    for (index, input) in timeline.inputs.enumerated() {
      if Self.moves(input, timeline) {
        if start == nil { start = index }
        windowOf[index] = windows.count
      } else if let first = start {
        windows.append(first..<index)
        start = nil
      }
    }
    if let first = start { windows.append(first..<timeline.inputs.count) }
    self.windows = windows
    self.windowOf = windowOf
  }

  /// Whether `input` is an output of a `.run` effect.
  static func moves(_ input: ReplayInput, _ timeline: RecordedTimeline) -> Bool {
    guard case let .effect(id) = input.origin else { return false }
    return timeline.effects[id]?.kind == .run
  }

  /// The recorded effect that sent the input at `index`.
  func effect(of index: Int) -> Int64? {
    if case let .effect(id) = self.timeline.inputs[index].origin { return id }
    return nil
  }

  /// The windows where more than one effect delivers: the only ones an order can change.
  var shuffled: [Range<Int>] {
    self.windows.filter { window in Set(window.compactMap { self.effect(of: $0) }).count > 1 }
  }

  /// The fewest moves that turn the recorded order into `order` (a permutation of the input
  /// indices that moves outputs only inside their windows): the outputs outside a longest
  /// run kept in recorded order, each placed right after the input before it in `order`.
  func schedule(of order: [Int]) -> ChaosSchedule {
    var moves: [ChaosSchedule.Move] = []
    var position = 0
    while position < order.count {
      guard self.windowOf[order[position]] != nil else {
        position += 1
        continue
      }
      var end = position
      while end < order.count, self.windowOf[order[end]] != nil,
        self.windowOf[order[end]] == self.windowOf[order[position]]
      {
        end += 1
      }
      let kept = Self.longestIncreasing(order[position..<end])
      for offset in position..<end where !kept.contains(order[offset]) {
        let after = offset == 0 ? 0 : self.timeline.inputs[order[offset - 1]].seq
        moves.append(.init(seq: self.timeline.inputs[order[offset]].seq, after: after))
      }
      position = end
    }
    return ChaosSchedule(moves: moves)
  }

  /// The order `schedule` stands for, checked: each move names an output of a `.run` effect and
  /// keeps it in its window, after the outputs its effect sent before it.
  func order(of schedule: ChaosSchedule) throws -> [Int] {
    var order = Array(self.timeline.inputs.indices)
    for move in schedule.moves {
      guard let index = self.timeline.indexOfSeq[move.seq], self.windowOf[index] != nil else {
        throw ReplayError(
          "expected the schedule to move outputs of .run effects, found #\(move.seq), which "
            + "keeps its place")
      }
      guard move.after != move.seq,
        move.after == 0 || self.timeline.indexOfSeq[move.after] != nil
      else {
        throw ReplayError(
          "expected the schedule to deliver #\(move.seq) after another action of the trace, "
            + "found #\(move.after)")
      }
      order.removeAll { $0 == index }
      if move.after == 0 {
        order.insert(index, at: 0)
      } else {
        let anchor = self.timeline.indexOfSeq[move.after]!
        order.insert(index, at: order.firstIndex(of: anchor)! + 1)
      }
    }
    // NB: Moves move outputs only, so the fixed inputs keep their order; each output must stay
    // after the fixed input before its window and after its effect's earlier outputs.
    var lastFixed = -1
    var lastOutput: [Int64: Int] = [:]
    for index in order {
      guard let window = self.windowOf[index] else {
        lastFixed = index
        continue
      }
      let seq = self.timeline.inputs[index].seq
      guard lastFixed == self.windows[window].lowerBound - 1 else {
        throw ReplayError(
          "the schedule moves #\(seq) away from the outputs delivered between the same two "
            + "outside inputs; expected it to stay among them")
      }
      if let effect = self.effect(of: index) {
        if let previous = lastOutput[effect], previous > index {
          throw ReplayError(
            "the schedule delivers #\(seq) before #\(self.timeline.inputs[previous].seq), an "
              + "earlier output of the same effect")
        }
        lastOutput[effect] = index
      }
    }
    return order
  }

  /// The elements of one longest increasing subsequence of `values`.
  static func longestIncreasing(_ values: ArraySlice<Int>) -> Set<Int> {
    let values = Array(values)
    var tails: [Int] = []  // positions in `values`
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var kept: Set<Int> = []
    var position = tails.last ?? -1
    while position >= 0 {
      kept.insert(values[position])
      position = previous[position]
    }
    return kept
  }
}
