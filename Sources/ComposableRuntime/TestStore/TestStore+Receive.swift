import IssueReporting

extension TestStore {
  /// Asserts that an effect sent `expectedAction` back, and how it changed the state.
  ///
  /// ```swift
  /// await store.receive(.factResponse(.success("1 is a number."))) {
  ///   $0.fact = "1 is a number."
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await self.receiveAction(
      matching: { $0 == expectedAction },
      describing: describe(expectedAction),
      mismatch: { received in
        diff(expectedAction, received, format: .proportional)
          .map { "\n\n\($0.indent(by: 4))\n\n(Expected: −, Received: +)" } ?? ""
      },
      timeout: timeout, updateStateToExpectedResult,
      location: (fileID, filePath, line, column))
  }

  /// Asserts that an effect sent an action for which `isMatching` is true.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receiveAction(
      matching: isMatching, describing: "an action matching the predicate", mismatch: { _ in "" },
      timeout: timeout, updateStateToExpectedResult,
      location: (fileID, filePath, line, column))
  }

  /// Asserts that an effect sent an action in a case: `await store.receive(\.child.response.success)`.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await self.receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      describing: "an action in the case \(actionCase)", mismatch: { _ in "" },
      timeout: timeout, updateStateToExpectedResult,
      location: (fileID, filePath, line, column))
  }

  /// Asserts that an effect sent an action in a case with a payload equal to `value`.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await self.receiveAction(
      matching: { casePath.extract(from: $0) == value },
      describing: describe(casePath.embed(value)),
      mismatch: { received in
        guard let receivedValue = casePath.extract(from: received) else { return "" }
        return diff(value, receivedValue, format: .proportional)
          .map { "\n\n\($0.indent(by: 4))\n\n(Expected: −, Received: +)" } ?? ""
      },
      timeout: timeout, updateStateToExpectedResult,
      location: (fileID, filePath, line, column))
  }

  /// Drops the actions effects have sent that the test has not asserted.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    guard let last = self.observer.received.last else {
      if strict {
        reportTestStoreFailure(
          "There were no received actions to skip.",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    self.observer.received.removeAll()
    self.state = last.state
  }

  /// Cancels the effects still running, so the test can end without waiting for them.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    guard !self.observer.inFlight.isEmpty else {
      if strict {
        reportTestStoreFailure(
          "There were no in-flight effects to skip.",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return
    }
    self.core.cancelAllEffects(.storeTaskCancelled)
    await yieldToEffects(until: { self.observer.inFlight.isEmpty }, timeout: self.timeout)
  }

  /// Waits for a received action, checks it against the expectation and asserts the state.
  func receiveAction(
    matching isMatching: (Action) -> Bool,
    describing expectation: String,
    mismatch: (Action) -> String,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: (StaticString, StaticString, UInt, UInt)
  ) async {
    let (fileID, filePath, line, column) = location
    await yieldToEffects(
      until: { self.hasCandidate(isMatching) || self.observer.inFlight.isEmpty },
      timeout: timeout ?? self.timeout)
    guard !self.observer.received.isEmpty else {
      reportTestStoreFailure(
        "Expected to receive \(expectation), but received none.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    if self.exhaustivity != .on {
      // Non-exhaustive: skip the actions before the first match.
      guard let index = self.observer.received.firstIndex(where: { isMatching($0.action) }) else {
        reportTestStoreFailure(
          "Expected to receive \(expectation), but received none among: \(self.describeReceived())",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if index > 0 {
        let skipped = self.observer.received[..<index]
        self.state = skipped.last!.state
        self.observer.received.removeFirst(index)
        if case .off(showSkippedAssertions: true) = self.exhaustivity {
          self.reportSkippable(
            "Skipped receiving \(skipped.map { "\n  " + describe($0.action) }.joined())",
            at: location)
        }
      }
    }
    let received = self.observer.received.removeFirst()
    guard isMatching(received.action) else {
      reportTestStoreFailure(
        """
        Received unexpected action: expected \(expectation), received \
        \(describe(received.action))\(mismatch(received.action))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      self.state = received.state
      return
    }
    self.expectState(
      received.state, after: "receiving \(describe(received.action))",
      updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.megaYield()
  }

  private func hasCandidate(_ isMatching: (Action) -> Bool) -> Bool {
    self.exhaustivity == .on
      ? !self.observer.received.isEmpty
      : self.observer.received.contains { isMatching($0.action) }
  }
}
