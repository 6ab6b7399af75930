import RuntimePrimitives

/// Where `@ObservableState`'s accessors and the runtime's scoping reducers tell this thread's
/// ``StateReadLog`` what they access. Each call is one thread-local load when no log is taking
/// reads.
///
/// NB: Public for the code `@ObservableState` generates in the app's modules; not meant to be
/// called by hand.
public enum StateReads {
  /// Whether a log is taking reads on this thread.
  @inlinable @inline(__always)
  public static var isTaking: Bool { composable_runtime_state_reads_get() != nil }

  /// A read or modify of property `name` of a `Subject` began; returns whether ``end()`` must
  /// follow.
  @inlinable @inline(__always)
  public static func begin<Subject, Value>(
    _ subject: Subject.Type, _ name: String, _ value: Value.Type
  ) -> Bool {
    guard let log = composable_runtime_state_reads_get() else { return false }
    Self.log(log).begin(ObjectIdentifier(subject), name, ObjectIdentifier(value))
    return true
  }

  /// The access ``begin(_:_:_:)`` began ended.
  @inlinable @inline(__always)
  public static func end() {
    guard let log = composable_runtime_state_reads_get() else { return }
    Self.log(log).end()
  }

  /// A property of a `Subject` was set, which reads nothing.
  @inlinable @inline(__always)
  public static func write<Subject>(_ subject: Subject.Type) {
    guard let log = composable_runtime_state_reads_get() else { return }
    Self.log(log).write(ObjectIdentifier(subject))
  }

  /// A scoping reducer runs a child of a `Parent` state through `step`, into the element
  /// `element` names when it runs one of a collection; returns whether ``exit()`` must follow.
  @inlinable @inline(__always)
  public static func enter<Parent, Child>(
    _ step: ScopeStep, element: StateReadLog.Step?, from parent: Parent.Type,
    into child: Child.Type
  ) -> Bool {
    guard let log = composable_runtime_state_reads_get() else { return false }
    Self.log(log).enter(step, element: element, from: parent, into: ObjectIdentifier(child))
    return true
  }

  /// The child ``enter(_:element:from:into:)`` entered is done.
  @inlinable @inline(__always)
  public static func exit() { Self.end() }

  /// Runs `body`, whose accesses are the runtime's own (finding a child, comparing ids), not
  /// reads of the feature.
  @inlinable @inline(__always)
  public static func ignoring<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard let log = composable_runtime_state_reads_get() else { return try body() }
    Self.log(log).suspend()
    defer { Self.log(log).resume() }
    return try body()
  }

  @usableFromInline
  static func log(_ pointer: UnsafeMutableRawPointer) -> StateReadLog {
    Unmanaged<StateReadLog>.fromOpaque(pointer).takeUnretainedValue()
  }
}
