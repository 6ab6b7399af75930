import Dependencies
import IssueReporting

/// The recording wrappers of the dependencies a recorder watches, each beside the store's value it
/// wraps, for a way in that sees the store's dependencies change (a `TestStore`'s, set between
/// sends): ``install(in:)`` puts them in place again, and wraps anew any value the store changed,
/// so the reducer runs with the store's values, recorded.
package struct RecordingDependencies {
  private let capture: DependencyCapture
  private var uuid: Wrapping<UUIDGenerator>
  private var date: Wrapping<DateGenerator>
  private var continuousClock: Wrapping<any Clock<Duration>>
  private var withRandomNumberGenerator: Wrapping<WithRandomNumberGenerator>

  /// Wraps `dependencies` as ``DependencyCapture/wrap(_:)`` does, and keeps what it wrapped.
  package init(wrapping dependencies: inout DependencyValues, capture: DependencyCapture) {
    let store = dependencies
    capture.wrap(&dependencies)
    self.capture = capture
    // NB: Read with issues silenced, as `wrap(_:)` reads them: a test's dependency without a
    // test value reports an issue when read, though the app may never use it.
    (self.uuid, self.date, self.continuousClock, self.withRandomNumberGenerator) =
      withIssueReporters([]) { [dependencies] in
        (
          Wrapping(store: store.uuid, recording: dependencies.uuid),
          Wrapping(store: store.date, recording: dependencies.date),
          Wrapping(store: store.continuousClock, recording: dependencies.continuousClock),
          Wrapping(
            store: store.withRandomNumberGenerator,
            recording: dependencies.withRandomNumberGenerator)
        )
      }
  }

  /// Replaces the watched dependencies of `dependencies`, the store's, with their recording
  /// wrappers: the ones made before for the values the store still has, new ones for the others.
  package mutating func install(in dependencies: inout DependencyValues) {
    let capture = self.capture
    withIssueReporters([]) {
      dependencies.uuid = self.uuid.recording(of: dependencies.uuid, made: capture.recording(uuid:))
      dependencies.date = self.date.recording(of: dependencies.date, made: capture.recording(date:))
      dependencies.continuousClock = self.continuousClock.recording(
        of: dependencies.continuousClock, same: sameClock, made: capture.recording(clock:))
      dependencies.withRandomNumberGenerator = self.withRandomNumberGenerator.recording(
        of: dependencies.withRandomNumberGenerator, made: capture.recording(random:))
    }
  }

  /// A store's value and the recording wrapper made for it.
  private struct Wrapping<Value> {
    /// Kept alive, so that what its bytes point to cannot be freed and the address reused.
    var store: Value
    var recording: Value

    /// The wrapper for `value`: this one when `value` is the store's value it wraps (`same`;
    /// by default the same bytes, which for a closure or a class is the same instance), else a
    /// new one `made` makes.
    mutating func recording(
      of value: Value, same: (Value, Value) -> Bool = sameBytes, made: (Value) -> Value
    ) -> Value {
      if !same(value, self.store) {
        self.store = value
        self.recording = made(value)
      }
      return self.recording
    }
  }
}

/// Whether `a` and `b` are the same bytes.
private func sameBytes<Value>(_ a: Value, _ b: Value) -> Bool {
  withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { a.elementsEqual($0) } }
}

/// Whether two clocks are the same: of one type, and the same bytes of it. An existential's own
/// bytes would not do: past a small value, its buffer holds whatever was there before.
private func sameClock(_ a: any Clock<Duration>, _ b: any Clock<Duration>) -> Bool {
  func same<Opened: Clock<Duration>>(_ a: Opened) -> Bool {
    guard let b = b as? Opened else { return false }
    return sameBytes(a, b)
  }
  return same(a)
}
