/// A seeded random number generator, so randomized tests run the same way every time and the
/// fuzzer can make a mutation again from the seed it printed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = Int.random(in: 0..<6, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    self.state = seed
  }

  public mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = self.state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
