import CustomDump
import IssueReporting

/// A store for tests: every action sent and received, and every state change, is asserted.
///
/// ```swift
/// @Test func timer() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   } withDependencies: {
///     $0.continuousClock = clock
///   }
///   await store.send(.toggleTimerButtonTapped) {
///     $0.isTimerRunning = true
///   }
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.timerTicked) {
///     $0.count = 1
///   }
///   await store.send(.toggleTimerButtonTapped) {
///     $0.isTimerRunning = false
///   }
/// }
/// ```
///
/// Failures read like TCA's: a state mismatch shows the expected-versus-actual diff, an unexpected
/// received action is named, and effects still running at the end fail the test with the action
/// that started them. The store runs effects on the main serial executor (restored when the
/// store is released), so with `TestClock` nothing waits in real time.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How much the store insists on; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish` wait, in real time, for effects to deliver; only failing
  /// tests ever wait this long.
  public var timeout: Duration = .seconds(1)

  /// The state after the last action the test asserted (sent or received).
  public internal(set) var state: State

  /// Whether the feature dismissed itself (`await dismiss()` with `@Dependency(\.dismiss)`), as
  /// a feature presented by a parent does. The store then stops asserting the effects in flight,
  /// and sending it another action is an issue.
  public internal(set) var isDismissed = false

  let store: Store<State, Action>
  let core: any TestableCore
  let observer = TestObserver<State, Action>()
  /// The shared values the store's actions and effects changed, until the test asserts them.
  let sharedChanges = SharedChangeTracker()
  private let didUseMainSerialExecutor: Bool
  private let location: (StaticString, StaticString, UInt, UInt)

  /// Makes a test store that runs `reducer` from `initialState`, with test dependencies changed
  /// by `prepareDependencies`.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let sharedChanges = self.sharedChanges
    let dismissal = Dismissal()
    var (state, reducer, dependencies) = Dependencies.withDependencies {
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
      $0.sharedSnapshots.tracking = sharedChanges
      // NB: As TCA's test store: the feature under test can dismiss itself; a dismissal the
      // test set up runs too.
      let dismiss = $0.dismiss.dismiss
      $0.dismiss = DismissEffect {
        dismiss?()
        dismissal.didDismiss?()
      }
    } operation: {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer(), dependencies)
    }
    // NB: As a store does: a recorded reducer (`Feature().record(to: recorder)`) records the
    // session the test drives.
    let observing = reducer as? any _ObservingReducer<State, Action>
    observing?._prepareDependencies(&dependencies)
    let root = RootCore(initialState: state, reducer: reducer, dependencies: dependencies)
    self.core = root
    self.store = Store(root: root)
    self.state = state
    self.location = (fileID, filePath, line, column)
    self.didUseMainSerialExecutor = uncheckedUseMainSerialExecutor
    uncheckedUseMainSerialExecutor = true
    self.store.observer = self.observer
    if let observer = observing?._makeObserver(initialState: state) {
      self.store.observer = observer
    }
    dismissal.didDismiss = { [weak self] in
      self?.isDismissed = true
      self?.observer.forgetEffectsInFlight()
    }
  }

  /// Where the dismiss effect the store's feature runs with tells the store, once it exists.
  private final class Dismissal: @unchecked Sendable {
    // NB: Set once, in `init`, before the feature can run; read on the main actor.
    var didDismiss: (@MainActor () -> Void)?
  }

  // NB: Not `isolated deinit`: that runs without task-local values, so the issues it reported
  // would not reach the test that owns the store. A test releases its store on the main actor
  // (which on Linux need not be the main thread), so the deinit asserts that isolation instead.
  deinit {
    MainActor.assumeIsolated { self.tearDown() }
  }

  private func tearDown() {
    if self.exhaustivity == .on {
      let (fileID, filePath, line, column) = self.location
      self.assertNoSharedChanges(at: self.location)
      if !self.observer.received.isEmpty {
        reportTestStoreFailure(
          self.unhandledReceived("before the store was released"),
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      for action in self.observer.actionsWithEffectsInFlight {
        reportTestStoreFailure(
          Self.effectStillRunning(action), fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
    }
    self.core.cancelAllEffects(.storeReleased)
    uncheckedUseMainSerialExecutor = self.didUseMainSerialExecutor
  }

  /// The dependencies the reducer and its effects run with; changes apply to the next action.
  public var dependencies: DependencyValues {
    get { self.core.dependencies }
    set { self.core.dependencies = newValue }
  }

  /// Sends an action and asserts how it changed the state.
  ///
  /// In exhaustive mode, `updateStateToExpectedResult` gets the state from before the action and
  /// must turn it into the state after; without it, the action must not change the state.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    guard !self.isDismissed else {
      reportTestStoreFailure(
        "Can't send action to dismissed test store.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return TestStoreTask(rawValue: nil, timeout: self.timeout)
    }
    if !self.observer.received.isEmpty {
      if self.exhaustivity == .on {
        reportTestStoreFailure(
          self.unhandledReceived("before sending an action"),
          fileID: fileID, filePath: filePath, line: line, column: column)
      } else {
        self.skipReceived(reportingAt: (fileID, filePath, line, column))
      }
    }
    let task = self.store.send(action, site: SendLocation(fileID: fileID, line: line))
    let actual = self.observer.lastSent.flatMap { self.observer.stateAfter[$0] } ?? self.store.state
    self.expectState(
      actual, after: "sending \(describe(action))", updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.megaYield()
    return TestStoreTask(rawValue: task.rawValue, timeout: self.timeout)
  }

  /// Sends the case of an action that has no payload: `await store.send(\.onAppear)`.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      AnyCasePath(action).embed(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an action built from a case and its payload: `await store.send(\.queryChanged, "a")`.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      AnyCasePath(action).embed(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for every effect to end, failing for those still running after `timeout` and for
  /// received actions the test did not assert.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await yieldToEffects(
      until: { self.observer.inFlight.isEmpty }, timeout: timeout ?? self.timeout)
    let location = (fileID, filePath, line, column)
    if !self.observer.received.isEmpty {
      if self.exhaustivity == .on {
        reportTestStoreFailure(
          self.unhandledReceived("before finishing"),
          fileID: fileID, filePath: filePath, line: line, column: column)
      } else {
        self.skipReceived(reportingAt: location)
      }
    }
    for action in self.observer.actionsWithEffectsInFlight {
      self.reportSkippable(Self.effectStillRunning(action), at: location)
    }
    if self.exhaustivity == .on {
      self.assertNoSharedChanges(at: location)
    } else {
      self.sharedChanges.reset()
    }
  }

  /// Runs `operation` with dependencies changed, then restores them.
  public func withDependencies<R>(
    _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = self.dependencies
    defer { self.dependencies = saved }
    try updateValuesForOperation(&self.dependencies)
    return try await operation()
  }

  /// Runs `operation` with another exhaustivity, then restores it.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = self.exhaustivity
    defer { self.exhaustivity = saved }
    self.exhaustivity = exhaustivity
    return try await operation()
  }

  /// Compares the state an action produced with what the test expects, as exhaustivity says.
  ///
  /// NB: Shared values are references, so `self.state` and `actual` hold the same ones. While the
  /// comparison runs, the shared change tracker makes the expected side read the values from
  /// before the action (changed by the test's closure) and the actual side the live ones.
  func expectState(
    _ actual: State,
    after what: String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    allowsNoChange: Bool = false,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    defer {
      self.state = actual
      self.sharedChanges.reset()
    }
    if self.exhaustivity != .on { self.sharedChanges.reset() }
    let hasSharedChanges = self.sharedChanges.hasChanges
    self.sharedChanges.assert {
      var expected = self.exhaustivity == .on ? self.state : actual
      do {
        try updateStateToExpectedResult?(&expected)
      } catch {
        reportTestStoreFailure(
          "Threw error while asserting state: \(error)",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if expected != actual {
        reportTestStoreFailure(
          "A state change does not match expectation after \(what): …\n\n"
            + Self.difference(expected, actual),
          fileID: fileID, filePath: filePath, line: line, column: column)
      } else if self.exhaustivity == .on, !allowsNoChange, !hasSharedChanges,
        updateStateToExpectedResult != nil, expected == self.state
      {
        reportTestStoreFailure(
          """
          Expected state to change after \(what), but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state is \
          expected, omit the trailing closure.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }

  /// Asserts the current state, as changed by effects since the last assertion, without an
  /// action: how a test asserts a shared value an effect changed.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// store.assert {
  ///   $0.$lastSaved.withLock { $0 = Date(timeIntervalSince1970: 1) }
  /// }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.expectState(
      self.store.state, after: "asserting state", updateStateToExpectedResult,
      allowsNoChange: true, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails for shared values changed since the last assertion, which no assertion covered.
  func assertNoSharedChanges(at location: (StaticString, StaticString, UInt, UInt)) {
    guard self.sharedChanges.hasChanges else { return }
    let (fileID, filePath, line, column) = location
    var isReported = false
    self.sharedChanges.assert {
      if self.state != self.state {
        isReported = true
        reportTestStoreFailure(
          """
          Test store finished before asserting against changes to shared state: …

          \(Self.difference(self.state, self.state))

          Invoke "store.assert" at the end of this test to assert against changes to shared state.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    // NB: A change to a shared value that is not in the state (an effect's own) is reported alone.
    if isReported {
      self.sharedChanges.reset()
    } else {
      self.sharedChanges.reportUnassertedChanges(
        "Test store finished before asserting against a change to shared state")
    }
  }

  static func difference(_ expected: State, _ actual: State) -> String {
    diff(expected, actual, format: .proportional)
      .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
      ?? "    Expected:\n\(String(customDumping: expected).indent(by: 6))\n"
      + "    Actual:\n\(String(customDumping: actual).indent(by: 6))"
  }

  /// Drops the received actions the test did not assert, moving the state past them.
  func skipReceived(reportingAt location: (StaticString, StaticString, UInt, UInt)) {
    guard let last = self.observer.received.last else { return }
    let skipped = self.describeReceived()
    self.observer.received.removeAll()
    self.state = last.state
    if case .off(showSkippedAssertions: true) = self.exhaustivity {
      self.reportSkippable("Skipped receiving \(skipped)", at: location)
    }
  }

  /// Reports a failure in exhaustive mode, or an expected issue when skipped assertions are shown.
  func reportSkippable(_ message: String, at location: (StaticString, StaticString, UInt, UInt)) {
    let (fileID, filePath, line, column) = location
    switch self.exhaustivity {
    case .on:
      reportTestStoreFailure(
        message, fileID: fileID, filePath: filePath, line: line, column: column)
    case .off(showSkippedAssertions: true):
      withExpectedIssue(fileID: fileID, filePath: filePath, line: line, column: column) {
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    case .off(showSkippedAssertions: false):
      break
    }
  }

  func unhandledReceived(_ when: String) -> String {
    let count = self.observer.received.count
    return """
      Must handle \(count) received action\(count == 1 ? "" : "s") \(when): …

      Unhandled actions: \(self.describeReceived())
      """
  }

  func describeReceived() -> String {
    self.observer.received.map { "\n  " + describe($0.action) }.joined()
  }

  static func effectStillRunning(_ action: Action) -> String {
    """
    An effect started by this action was still running when the test ended: \(describe(action))

    Every effect must end before the test does. Advance the test clock past the work it waits \
    for, await 'store.finish()' for work that needs a moment, or end a long-living effect (a \
    timer, a stream) by cancelling its id from another action.
    """
  }
}

/// Lets effects run (on the main serial executor) until `isDone` holds or `timeout` passes in real
/// time; a passing test returns at once, only a failing one waits out the timeout.
@MainActor
func yieldToEffects(until isDone: () -> Bool, timeout: Duration) async {
  let deadline = ContinuousClock.now.advanced(by: timeout)
  while !isDone(), ContinuousClock.now < deadline {
    await Task.megaYield()
  }
}

/// A convenience for naming the test store of a feature: `TestStoreOf<Feature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// What a `TestStore` needs of its store's core beyond what `Store` offers.
@MainActor
protocol TestableCore: AnyObject {
  var dependencies: DependencyValues { get set }
  func cancelAllEffects(_ reason: CancellationReason)
}

extension RootCore: TestableCore {}

extension String {
  func indent(by spaces: Int) -> String {
    let indentation = String(repeating: " ", count: spaces)
    return self.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indentation + $0 }.joined(separator: "\n")
  }
}
