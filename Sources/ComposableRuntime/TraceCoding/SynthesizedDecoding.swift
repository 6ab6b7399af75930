/// Tells whether a decoding went through the coding `@ObservableState` and `@Reducer` synthesize
/// (which fills a missing property with its default) rather than one the type declares. Not
/// meant to be used directly: a test generator asks it to learn whether a state whose decoding
/// from `{}` fails has a `State()` at all.
public enum _SynthesizedDecoding {
  @TaskLocal static var probe: Probe?

  final class Probe: @unchecked Sendable {
    // NB: @unchecked: written and read by the one task that runs the decoding.
    var isUsed = false
  }

  /// Runs `decode` (its error ignored) and returns whether a synthesized trace coding took part.
  public static func isUsed(by decode: () throws -> Void) -> Bool {
    let probe = Probe()
    Self.$probe.withValue(probe) { try? decode() }
    return probe.isUsed
  }

  static func note() {
    Self.probe?.isUsed = true
  }
}
