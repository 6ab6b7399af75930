/// Delta debugging's `ddmin` (Zeller and Hildebrandt, "Simplifying and Isolating
/// Failure-Inducing Input", 2002) followed by a one-minimal pass: the smallest subsequence of
/// `inputs` for which `reproduces` still holds, found with few calls.
///
/// ```swift
/// var search = DeltaDebugging(inputs: Array(1...1_000)) { kept in
///   kept.contains(3) && kept.contains(500)
/// }
/// try await search.minimize()   // [3, 500]
/// search.tests        // how many candidates were tried
/// ```
///
/// Candidates keep the inputs' order. A candidate tried once is not tried again.
@MainActor
struct DeltaDebugging<Input: Hashable & Sendable> {
  let inputs: [Input]
  let reproduces: @MainActor ([Input]) async throws -> Bool
  /// How many distinct candidates `reproduces` was called with.
  private(set) var tests = 0
  private var known: [[Input]: Bool] = [:]

  init(inputs: [Input], reproduces: @escaping @MainActor ([Input]) async throws -> Bool) {
    self.inputs = inputs
    self.reproduces = reproduces
  }

  private mutating func test(_ candidate: [Input]) async throws -> Bool {
    if let known = self.known[candidate] { return known }
    self.tests += 1
    let result = try await self.reproduces(candidate)
    self.known[candidate] = result
    return result
  }

  /// The smallest subsequence found; `inputs` itself when it does not reproduce at all.
  mutating func minimize() async throws -> [Input] {
    var current = self.inputs
    guard try await self.test(current) else { return current }
    if try await self.test([]) { return [] }
    var granularity = 2
    while current.count >= 2 {
      let chunks = Self.split(current, into: granularity)
      var reduced = false
      for chunk in chunks {
        guard try await self.test(chunk) else { continue }
        current = chunk
        granularity = 2
        reduced = true
        break
      }
      if !reduced {
        for index in chunks.indices {
          let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
          if try await self.test(complement) {
            current = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        guard granularity < current.count else { break }
        granularity = min(granularity * 2, current.count)
      }
    }
    // One-minimal: no single input can go.
    var index = 0
    while index < current.count {
      var without = current
      without.remove(at: index)
      if try await self.test(without) {
        current = without
      } else {
        index += 1
      }
    }
    return current
  }

  /// `inputs` in `count` contiguous chunks of nearly equal size.
  static func split(_ inputs: [Input], into count: Int) -> [[Input]] {
    var chunks: [[Input]] = []
    var start = 0
    for part in 0..<count {
      let end = start + (inputs.count - start) / (count - part)
      if end > start { chunks.append(Array(inputs[start..<end])) }
      start = end
    }
    return chunks
  }
}
