import Atomics

extension SharedValueOverride {
  /// The value `reference` reads under the lookup in effect, or `nil` to read it live.
  @inline(__always)
  static func value<Reference: SharedReference>(of reference: Reference) -> Reference.Value? {
    guard Self.active.load(ordering: .relaxed) > 0 else { return nil }
    return Self.recordedValue(of: reference)
  }

  @inline(never)
  private static func recordedValue<Reference: SharedReference>(
    of reference: Reference
  ) -> Reference.Value? {
    guard let lookup = Self.lookup, let held = lookup(reference.root) else { return nil }
    return reference.value(atRoot: held)
  }
}
