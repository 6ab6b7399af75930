/// Draws the orders of a chaos exploration from a seed: odd runs pick the next delivery at
/// random among the effects that can deliver, even runs follow PCT (Burckhardt et al.'s
/// probabilistic concurrency testing): each effect gets a random priority, the highest that can
/// deliver goes next, and at `depth - 1` random steps the one that just delivered drops to the
/// lowest priority. Bugs that need a few reorderings then show up in few runs.
struct ChaosOrders {
  let windows: ChaosWindows
  private var random: SplitMix64
  /// How many outputs can move, in all.
  private let movable: Int

  init(windows: ChaosWindows, seed: UInt64) {
    self.windows = windows
    self.random = SplitMix64(seed: seed)
    self.movable = windows.shuffled.reduce(0) { $0 + $1.count }
  }

  /// The order of run `run` (from 0): every input index, outputs moved inside their windows.
  mutating func order(run: Int) -> [Int] {
    var order = Array(self.windows.timeline.inputs.indices)
    guard self.movable > 0 else { return order }
    let pct = run.isMultiple(of: 2)
    var priority: [Int64: Double] = [:]
    var changes: Set<Int> = []
    if pct {
      let depth = 1 + (run / 2) % 3
      for _ in 1..<max(depth, 1) { changes.insert(Int(self.random.next() % UInt64(self.movable))) }
    }
    var step = 0
    for window in self.windows.shuffled {
      var pending: [Int64: [Int]] = [:]
      var effects: [Int64] = []
      for index in window {
        let effect = self.windows.effect(of: index)!
        if pending[effect] == nil { effects.append(effect) }
        pending[effect, default: []].append(index)
      }
      var placed: Set<Int> = []
      var result: [Int] = []
      while result.count < window.count {
        // NB: An effect started by an output of this window delivers only once that output is.
        let ready = effects.filter { effect in
          guard let next = pending[effect], !next.isEmpty else { return false }
          let starter = self.windows.timeline.effects[effect]?.row.start.actionSeq ?? 0
          guard let index = self.windows.timeline.indexOfSeq[starter], window.contains(index)
          else { return true }
          return placed.contains(index)
        }
        let chosen: Int64
        if pct {
          for effect in ready where priority[effect] == nil {
            priority[effect] = Double(self.random.next() >> 11) / Double(1 << 53) + 1
          }
          chosen = ready.max { priority[$0]! < priority[$1]! }!
          if changes.contains(step) { priority[chosen] = -Double(step) }
        } else {
          chosen = ready[Int(self.random.next() % UInt64(ready.count))]
        }
        let index = pending[chosen]!.removeFirst()
        placed.insert(index)
        result.append(index)
        step += 1
      }
      order.replaceSubrange(window, with: result)
    }
    return order
  }
}

/// A small seeded generator (SplitMix64), so that a seed draws the same orders on every machine.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var z = self.state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
