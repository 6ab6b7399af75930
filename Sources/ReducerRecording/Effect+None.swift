#if ComposableArchitecture
  import ComposableArchitecture
#else
  import ComposableRuntime
#endif

extension Effect {
  /// Whether this is `.none`: an action that returns it started no effect, and wrapping it would
  /// start one.
  ///
  /// NB: TCA keeps what an effect is in an internal `operation`, and no public API tells `.none`
  /// apart. This reads it without calling anything internal: first the value's bytes against
  /// `.none`'s (equal bytes are the same value, and most actions return `.none`), then, when they
  /// differ, the stored case's name by reflection (`Mirror`). Should TCA rename the case, every
  /// `.none` would read as an effect that ends at once: more effects in the trace, never a lost one.
  @inlinable
  var _isNone: Bool {
    let none = Self.none
    let sameBytes = withUnsafeBytes(of: self) { effect in
      withUnsafeBytes(of: none) { effect.elementsEqual($0) }
    }
    return sameBytes || Self._reflectsNone(self)
  }

  @usableFromInline
  static func _reflectsNone(_ effect: Self) -> Bool {
    guard
      let operation = Mirror(reflecting: effect).children.first(where: { $0.label == "operation" })?
        .value
    else { return false }
    return Mirror(reflecting: operation).children.isEmpty
      && String(describing: operation) == "none"
  }
}
