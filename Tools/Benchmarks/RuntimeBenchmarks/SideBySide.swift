import Foundation

/// Runs variants of one workload in interleaved rounds, so that drift on a shared machine hits
/// every variant alike, and reports each variant's median time per operation and its ratio to the
/// first (the baseline).
@MainActor
struct SideBySide {
  struct Variant {
    let name: String
    /// Runs the workload `count` times.
    let run: @MainActor (_ count: Int) -> Void
  }

  let title: String
  let operationsPerRound: Int
  let rounds: Int
  let variants: [Variant]
  /// Runs after every variant's turn, untimed (a recorder catching up, say).
  var betweenRounds: (@MainActor () async -> Void)? = nil

  struct Result {
    let name: String
    let nanosecondsPerOperation: [Double]
    var median: Double { nanosecondsPerOperation.sorted()[nanosecondsPerOperation.count / 2] }
    var minimum: Double { nanosecondsPerOperation.min() ?? 0 }
  }

  func measure() -> [Result] {
    // Warm up caches and lazy initialisation once per variant.
    for variant in variants { variant.run(operationsPerRound / 10) }
    var samples = Array(repeating: [Double](), count: variants.count)
    for round in 0..<rounds {
      // Alternate the order each round so neither variant always runs first.
      let order =
        round.isMultiple(of: 2)
        ? Array(variants.indices) : Array(variants.indices.reversed())
      for index in order {
        let start = DispatchTime.now().uptimeNanoseconds
        variants[index].run(operationsPerRound)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        samples[index].append(Double(elapsed) / Double(operationsPerRound))
      }
    }
    return zip(variants, samples).map { Result(name: $0.name, nanosecondsPerOperation: $1) }
  }

  @discardableResult
  func report() async -> [Result] {
    let results = await measure()
    let baseline = results[0]
    print("\n\(title) — \(rounds) interleaved rounds × \(operationsPerRound) operations")
    print(
      pad("variant", 44) + pad("median ns/op", 14) + pad("min ns/op", 12)
        + "ratio (median, min)")
    for result in results {
      let ratioMedian = result.median / baseline.median
      let ratioMin = result.minimum / baseline.minimum
      print(
        pad(result.name, 44) + pad(format(result.median), 14) + pad(format(result.minimum), 12)
          + "\(format(ratioMedian, digits: 3))x, \(format(ratioMin, digits: 3))x")
    }
    return results
  }
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double, digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}
