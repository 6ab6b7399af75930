import Foundation

/// Runs variants of one workload in interleaved rounds, so that drift on a shared machine hits
/// every variant alike, and reports each variant's median time per operation and its ratio to the
/// first (the baseline): the ratio of the medians, of the minimums, and the median of the ratios
/// within each round (``Result/pairedRatio(to:)``).
///
/// Two clocks are read around every round: the wall clock, and the CPU time of the thread running
/// the workload. The second is what the workload cost its own thread; it leaves out the time the
/// thread spent descheduled while other processes (or the recorder's worker) had the cores.
@MainActor
package struct SideBySide {
  package struct Variant {
    package let name: String
    /// Runs the workload `count` times.
    package let run: @MainActor (_ count: Int) -> Void

    package init(name: String, run: @escaping @MainActor (_ count: Int) -> Void) {
      self.name = name
      self.run = run
    }
  }

  let title: String
  let operationsPerRound: Int
  let rounds: Int
  let variants: [Variant]
  /// Runs after every variant's turn, untimed (a recorder catching up, say).
  var betweenRounds: (@MainActor () async -> Void)? = nil
  /// Whether each turn runs in a block on the main queue, where no task is current (as a
  /// SwiftUI button's action runs), rather than in the measuring task.
  package var outsideTasks = false

  package init(
    title: String, operationsPerRound: Int, rounds: Int, variants: [Variant],
    betweenRounds: (@MainActor () async -> Void)? = nil
  ) {
    self.title = title
    self.operationsPerRound = operationsPerRound
    self.rounds = rounds
    self.variants = variants
    self.betweenRounds = betweenRounds
  }

  package struct Result {
    package let name: String
    package let nanosecondsPerOperation: [Double]
    package let cpuNanosecondsPerOperation: [Double]
    package var median: Double { Self.median(nanosecondsPerOperation) }
    package var cpuMedian: Double { Self.median(cpuNanosecondsPerOperation) }
    package var minimum: Double { nanosecondsPerOperation.min() ?? 0 }
    /// The median over rounds of this variant's time over `baseline`'s in the same round: the
    /// two ran back to back, so a machine that changes speed between rounds (these shared ones
    /// switch between two speeds about twofold apart) moves both alike.
    package func pairedRatio(to baseline: Result) -> Double {
      Self.median(zip(nanosecondsPerOperation, baseline.nanosecondsPerOperation).map { $0 / $1 })
    }
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  }

  package func measure() async -> [Result] {
    // Warm up caches and lazy initialisation once per variant.
    for variant in variants {
      variant.run(operationsPerRound / 10)
      await betweenRounds?()
    }
    var wall = Array(repeating: [Double](), count: variants.count)
    var cpu = Array(repeating: [Double](), count: variants.count)
    for round in 0..<rounds {
      // Alternate the order each round so neither variant always runs first.
      let order =
        round.isMultiple(of: 2)
        ? Array(variants.indices) : Array(variants.indices.reversed())
      for index in order {
        let (elapsed, cpuElapsed) = await self.turn(variants[index])
        wall[index].append(Double(elapsed) / Double(operationsPerRound))
        cpu[index].append(Double(cpuElapsed) / Double(operationsPerRound))
        await betweenRounds?()
      }
    }
    if ProcessInfo.processInfo.environment["ROUNDS"] != nil {
      for i in variants.indices { print(variants[i].name, wall[i].map { Int($0) }, cpu[i].map { Int($0) }) }
    }
    return variants.indices.map {
      Result(
        name: variants[$0].name, nanosecondsPerOperation: wall[$0],
        cpuNanosecondsPerOperation: cpu[$0])
    }
  }

  /// One timed turn of `variant`: wall and thread CPU nanoseconds.
  private func turn(_ variant: Variant) async -> (wall: UInt64, cpu: UInt64) {
    let count = self.operationsPerRound
    let timed = { @MainActor in
      let start = DispatchTime.now().uptimeNanoseconds
      let cpuStart = threadCPUNanoseconds()
      variant.run(count)
      let cpuElapsed = threadCPUNanoseconds() - cpuStart
      return (DispatchTime.now().uptimeNanoseconds - start, cpuElapsed)
    }
    guard self.outsideTasks else { return timed() }
    return await withCheckedContinuation { continuation in
      DispatchQueue.main.async {
        continuation.resume(returning: MainActor.assumeIsolated { timed() })
      }
    }
  }

  @discardableResult
  package func report() async -> [Result] {
    let loadBefore = MachineLoad.current
    let results = await measure()
    let baseline = results[0]
    print(
      "\n\(title) — \(rounds) interleaved rounds × \(operationsPerRound) operations "
        + "(\(loadBefore.label) → \(MachineLoad.current.label))")
    print(
      pad("variant", 44) + pad("median ns/op", 14) + pad("min ns/op", 12)
        + pad("ratio (median, min)", 22) + pad("paired ratio", 14)
        + "thread CPU: median ns/op, ratio")
    for result in results {
      let ratioMedian = result.median / baseline.median
      let ratioMin = result.minimum / baseline.minimum
      print(
        pad(result.name, 44) + pad(format(result.median), 14) + pad(format(result.minimum), 12)
          + pad("\(format(ratioMedian, digits: 3))x, \(format(ratioMin, digits: 3))x", 22)
          + pad("\(format(result.pairedRatio(to: baseline), digits: 3))x", 14)
          + "\(format(result.cpuMedian)), \(format(result.cpuMedian / baseline.cpuMedian, digits: 3))x"
      )
    }
    return results
  }
}

/// The CPU time the calling thread has used, in nanoseconds.
package func threadCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

package func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

package func format(_ value: Double, digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}
