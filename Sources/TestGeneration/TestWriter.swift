import ComposableRuntime
import Foundation
import RuntimeReflection
import StateReflection
import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder
import Trace

/// Writes a ``RecordedSession`` as the statements of one test and assembles its file.
struct TestWriter<R: Reducer> where R.State: Codable & Equatable, R.Action: Codable {
  let session: RecordedSession<R>
  let testName: String
  let module: String
  let options: TestGenerator.Options
  let printer: SwiftValuePrinter
  let changes: StateChangeWriter
  let featureName: String
  /// Whether the feature is a `@Reducer enum`, made as `Feature.body` rather than `Feature()`.
  let isCaseReducer: Bool
  let dependencyStatements: CodeBlockItemListSyntax
  /// The streams the dependencies make for the test to drive, declared before the store.
  let feeds: [StreamFeed]
  /// The reducer the caller gave, in place of `Feature()`.
  let reducerExpression: ExprSyntax?
  private(set) var body: [CodeBlockItemSyntax] = []
  private(set) var summary = GeneratedTest.Summary()
  private var usesSupport = false
  /// Shared values as of the step being written.
  private let sharedValues: SharedValueBook
  /// The comments on what effects read, each at the place in `body` of the first action its
  /// effect sent back.
  private var effectComments: [(index: Int, comment: EffectReadsComment)] = []
  private var commentedEffects = Set<Int64>()

  init(
    session: RecordedSession<R>, testName: String, module: String,
    options: TestGenerator.Options
  ) throws {
    self.session = session
    self.testName = testName
    self.module = module
    self.options = options
    self.printer = SwiftValuePrinter(module: module)
    self.changes = StateChangeWriter(printer: self.printer)
    self.sharedValues = SharedValueBook(baselines: session.sharedBaselines)
    self.summary.sharedChangesLeftOut = session.sharedChangesLeftOut
    guard SwiftExpression.isIdentifier(testName) else {
      throw TestGenerationError(
        "expected a test name that is a Swift identifier (letters, digits, _), found '\(testName)'")
    }
    guard Self.isModuleName(module) else {
      throw TestGenerationError(
        "expected a module name that is a Swift identifier, found '\(module)'")
    }
    // NB: A `@Reducer enum`'s reducer is its generated `body`, whose type has no name to write.
    func caseReducer<State: CaseReducerState>(_: State.Type) -> Any.Type { State.StateReducer.self }
    let caseReducer = (R.State.self as? any CaseReducerState.Type).map { caseReducer($0) }
    guard let featureName = self.printer.featureTypeName(caseReducer ?? R.self) else {
      throw TestGenerationError(
        "expected a feature declared in module \(module), found \(String(reflecting: R.self))")
    }
    self.featureName = featureName
    self.isCaseReducer = caseReducer != nil
    let parsed = Parser.parse(source: options.dependencies)
    if parsed.hasError {
      throw TestGenerationError(
        "expected Swift statements for --dependencies, found '\(options.dependencies)'")
    }
    if options.reducerExpression.isEmpty {
      self.reducerExpression = nil
    } else {
      let reducer = Parser.parse(source: options.reducerExpression)
      guard !reducer.hasError, reducer.statements.count == 1,
        case let .expr(expression) = reducer.statements.first?.item
      else {
        throw TestGenerationError(
          "expected one Swift expression for --reducer-expression, found "
            + "'\(options.reducerExpression)'")
      }
      self.reducerExpression = expression.trimmed
    }
    let (feeds, rest) = StreamFeed.feeds(in: parsed.statements)
    self.feeds = feeds
    self.dependencyStatements = CodeBlockItemListSyntax(rest)
    if let module = options.imports.first(where: { !Self.isModuleName($0) }) {
      throw TestGenerationError("expected a module name to import, found '\(module)'")
    }
  }

  static func isModuleName(_ text: String) -> Bool { SwiftExpression.isIdentifier(text) }

  private var store: ExprSyntax { SwiftExpression.name("store") }

  private mutating func append(_ expression: ExprSyntax) {
    self.body.append(CodeBlockItemSyntax(item: .expr(expression)))
  }

  /// The assertions of what `step` changed: assignments at the changed paths, then the shared
  /// values it changed, each through `withLock`. Values are printed as they were after the step
  /// (a shared value is a reference, which reads as it is now). A shared value the step wrote
  /// but left as it was is not asserted.
  private func statements(
    for step: RecordedSession<R>.Step, assertChanges: Bool
  ) -> [ExprSyntax] {
    let sharedSteps = self.sharedValues.apply(step.sharedChanges)
    guard assertChanges else { return [] }
    return self.sharedValues.withValues {
      var statements = self.changes.statements(from: step.before, to: step.after)
      var asserted = Set<ObjectIdentifier>()
      for change in step.sharedChanges {
        let id = ObjectIdentifier(change.root)
        guard asserted.insert(id).inserted, let sharedStep = sharedSteps[id],
          !self.changes.isEqual(sharedStep.old, sharedStep.new),
          let location = ReferenceLocator.locations(of: [id], in: step.after)
            .first(where: { ($0.value as? any WritableShared)?.holdsWholeValue == true }),
          let value = self.printer.expression(for: sharedStep.new)
        else { continue }
        // NB: `withLock` rethrows: a value decoded from JSON makes the call throwing.
        let throwing = value.tokens(viewMode: .sourceAccurate).contains {
          $0.tokenKind == .keyword(.try)
        }
        let target = SharedAssertionTarget(printer: self.printer, throwing: throwing)
        guard
          let change = target.statement(
            at: location.path, in: step.after,
            { projection in
              let change = SwiftExpression.call(
                SwiftExpression.member(projection, "withLock"), [],
                trailingClosure: SwiftExpression.closure([
                  SwiftExpression.assignment(SwiftExpression.name("$0"), value)
                ]))
              return throwing ? SwiftExpression.tried(change) : change
            })
        else { continue }
        statements.append(change)
      }
      return statements
    }
  }

  /// `await store.send(action) { $0.x = … }`, or `nil` when the action cannot be written.
  mutating func send(_ step: RecordedSession<R>.Step, assertChanges: Bool = true) {
    // NB: The action as it was sent: a `Shared` in it reads its value before the step.
    let action = self.sharedValues.withValues { self.printer.expression(for: step.action) }
    let statements = self.statements(for: step, assertChanges: assertChanges)
    guard let action else { return }
    self.append(
      SwiftExpression.awaited(
        SwiftExpression.call(
          SwiftExpression.member(self.store, "send"), [(nil, action)],
          trailingClosure: SwiftExpression.closure(statements))))
    self.summary.sends += 1
  }

  /// `await store.receive(\.case.path, value) { $0.x = … }`, under a comment on the values its
  /// effect read when it is the first action that effect sent back.
  /// - Parameter timeout: how long to wait for the action, in nanoseconds, when longer than the
  ///   test store's default.
  mutating func receive(
    _ step: RecordedSession<R>.Step, assertChanges: Bool = true, timeout: Int64? = nil
  ) {
    let written = self.body.count
    defer {
      if self.body.count > written, case let .effect(id) = step.origin,
        self.commentedEffects.insert(id).inserted,
        let comment = EffectReadsComment(effect: id, in: self.session)
      {
        self.effectComments.append((written, comment))
      }
    }
    let statements = self.statements(for: step, assertChanges: assertChanges)
    let closure = SwiftExpression.closure(statements)
    if let pattern = ReceivedActionPattern(step.action, printer: self.printer) {
      var arguments: [(label: String?, value: ExprSyntax)] = [
        (nil, SwiftExpression.keyPath(pattern.keyPath))
      ]
      if let value = pattern.value { arguments.append((nil, value)) }
      if let timeout { arguments.append(("timeout", Self.duration(timeout))) }
      self.append(
        SwiftExpression.awaited(
          SwiftExpression.call(
            SwiftExpression.member(self.store, "receive"), arguments, trailingClosure: closure)))
    } else if let action = self.printer.expression(for: step.action) {
      var arguments: [(label: String?, value: ExprSyntax)] = [(nil, action)]
      if let timeout { arguments.append(("timeout", Self.duration(timeout))) }
      self.append(
        SwiftExpression.awaited(
          SwiftExpression.call(
            SwiftExpression.member(self.store, "receive"), arguments, trailingClosure: closure)))
    }
    self.summary.receives += 1
  }

  /// `await clock.advance(by: .seconds(1))`; `await clock.advance()` for none, when
  /// `letDueSleepsEnd` (a test clock ends a sleep, even one of no time, only when it advances).
  ///
  /// - Parameters:
  ///   - letDueSleepsEnd: an action an effect sent back after a wait the recording did not see
  ///     comes next: advance even by nothing, for the sleeps due now.
  ///   - untilIdle: how long that wait was is unknown (the app's clock was not read): run the
  ///     clock until no sleep is left (`await clock.run()`) rather than advance it by nothing.
  mutating func advance(
    nanoseconds: Int64, letDueSleepsEnd: Bool = false, untilIdle: Bool = false
  ) {
    guard nanoseconds > 0 || letDueSleepsEnd else { return }
    let clock = SwiftExpression.name("clock")
    let call =
      if nanoseconds > 0 {
        SwiftExpression.call(
          SwiftExpression.member(clock, "advance"), [("by", Self.duration(nanoseconds))])
      } else if untilIdle {
        SwiftExpression.call(SwiftExpression.member(clock, "run"), [])
      } else {
        SwiftExpression.call(SwiftExpression.member(clock, "advance"), [])
      }
    self.append(SwiftExpression.awaited(call))
    self.summary.clockAdvances += 1
  }

  static func duration(_ nanoseconds: Int64) -> ExprSyntax {
    let (unit, amount): (String, Int64) =
      if nanoseconds.isMultiple(of: 1_000_000_000) {
        ("seconds", nanoseconds / 1_000_000_000)
      } else if nanoseconds.isMultiple(of: 1_000_000) {
        ("milliseconds", nanoseconds / 1_000_000)
      } else if nanoseconds.isMultiple(of: 1_000) {
        ("microseconds", nanoseconds / 1_000)
      } else {
        ("nanoseconds", nanoseconds)
      }
    return SwiftExpression.call(
      SwiftExpression.member(nil, unit), [(nil, SwiftExpression.integer(amount))])
  }

  /// Every step, exhaustively, with the clock advanced as the recording's effects waited.
  mutating func writeExhaustive() {
    self.writeSteps(assertChanges: true)
    self.end()
  }

  /// Every step, each after the clock advance before it.
  private mutating func writeSteps(assertChanges: Bool) {
    let (advances, unseenWaits) = self.clockAdvances()
    // NB: An effect that sleeps on the test's clock captured in the dependencies given (as TCA's
    // search example's forecast request sleeps `.seconds(0)`), not on `\.continuousClock`, waits
    // unseen by the recording; when nothing else advances the clock before its action, an
    // advance by nothing lets the sleeps due now end, as the test it was recorded from did. When
    // the app's clock was not read, how long it waited is unknown: the test runs the clock until
    // no sleep is left, as far as the effect waited, however far that was.
    let capturesClock = self.dependenciesCaptureClock
    let feeding = StreamFeeding(writer: self)
    // NB: A real sleep in the code given (`try await Task.sleep(for: .milliseconds(2_500))` in a
    // client, as TCA's voice memos' player) takes real time in the test too, however the test's
    // clock advances: the action it delays is received with a timeout as long as it took.
    let sleepsInRealTime = self.givenCodeSleepsInRealTime
    for (index, step) in self.session.steps.enumerated() {
      self.advance(
        nanoseconds: advances[index],
        letDueSleepsEnd: capturesClock && unseenWaits.contains(index),
        untilIdle: step.clockNanoseconds == nil)
      switch step.origin {
      case .send: self.send(step, assertChanges: assertChanges)
      case let .effect(effect):
        feeding.feed(at: index, into: &self)
        let started = self.session.effects[effect]?.start.startNanoseconds
        self.receive(
          step, assertChanges: assertChanges,
          timeout: sleepsInRealTime ? Self.realTimeout(since: started, of: step) : nil)
      case .shared:
        // NB: Put back in the run that made the session, never a step of it.
        break
      }
    }
  }

  /// The kept steps, non-exhaustively, then what the test expects of the end.
  mutating func writeShrunk(goal: TestGenerator.ShrinkGoal) {
    self.append(
      SwiftExpression.assignment(
        SwiftExpression.member(self.store, "exhaustivity"), SwiftExpression.member(nil, "off")))
    self.writeSteps(assertChanges: false)
    switch goal {
    case let .predicate(text):
      // The test fails while today's reducer still reaches the predicate.
      self.usesSupport = true
      let holds = SwiftExpression.call(
        SwiftExpression.name("holds"),
        [(nil, SwiftExpression.string(text)), ("in", SwiftExpression.member(self.store, "state"))])
      let negated = ExprSyntax(
        PrefixOperatorExprSyntax(operator: .prefixOperator("!"), expression: holds))
      switch self.options.style {
      case .swiftTesting:
        self.append(
          ExprSyntax(
            MacroExpansionExprSyntax(
              macroName: .identifier("expect"), leftParen: .leftParenToken(),
              arguments: LabeledExprListSyntax([LabeledExprSyntax(expression: negated)]),
              rightParen: .rightParenToken())))
      case .xctest:
        self.append(SwiftExpression.call(SwiftExpression.name("XCTAssertFalse"), [(nil, holds)]))
      }
      self.summary.ending = "#expect of the predicate's negation"
    case .issue:
      self.summary.ending = "the issue the runtime reports"
    }
    self.appendSkipInFlightEffects()
  }

  /// Whether a statement of the dependencies given, or the reducer given, uses the test's clock
  /// itself (`clock.sleep(for:)`), rather than only setting a dependency to it.
  var dependenciesCaptureClock: Bool {
    self.givenTokens.contains { token in
      token.tokenKind == .identifier("clock")
        && token.nextToken(viewMode: .sourceAccurate)?
          .tokenKind == .period
    }
  }

  /// Whether a statement of the dependencies given, or the reducer given, throws an error of its
  /// own (`throw SomethingWentWrong()`), rather than only handing on what a stream threw.
  var givenCodeThrows: Bool {
    self.givenTokens.contains { $0.tokenKind == .keyword(.throw) }
  }

  /// Whether the dependencies given, or the reducer given, sleep in real time (`Task.sleep`).
  var givenCodeSleepsInRealTime: Bool {
    let tokens = self.givenTokens
    return tokens.indices.dropLast(2).contains { index in
      tokens[index].tokenKind == .identifier("Task") && tokens[index + 1].tokenKind == .period
        && tokens[index + 2].tokenKind == .identifier("sleep")
    }
  }

  /// How long to wait for `step`, an action its effect sent back `step`'s recorded time after it
  /// started (at `start`), in whole seconds with one to spare; `nil` within the test store's
  /// default second.
  static func realTimeout(since start: Int64?, of step: RecordedSession<R>.Step) -> Int64? {
    guard let start else { return nil }
    let waited = step.startNanoseconds - start
    guard waited > 1_000_000_000 else { return nil }
    return (waited + 999_999_999) / 1_000_000_000 * 1_000_000_000 + 1_000_000_000
  }

  /// The tokens of the dependencies given and of the reducer given.
  private var givenTokens: [TokenSyntax] {
    Array(self.dependencyStatements.tokens(viewMode: .sourceAccurate))
      + (self.reducerExpression.map { Array($0.tokens(viewMode: .sourceAccurate)) } ?? [])
  }

  /// How far the test advances its clock before each step (see ``ClockSchedule``), and which
  /// steps are actions sent back after a wait the recording did not see.
  func clockAdvances() -> (advances: [Int64], unseenWaits: Set<Int>) {
    let steps = self.session.steps
    var sent: [Int64: Int] = [:]
    var scheduled: [ClockSchedule.Step] = []
    scheduled.reserveCapacity(steps.count)
    for step in steps {
      switch step.origin {
      case let .effect(id):
        sent[id, default: 0] += 1
        scheduled.append(
          .output(effect: id, clock: step.clockNanoseconds, started: step.startedEffects))
      case .send, .shared:
        // NB: A shared change is no step of the test; its clock is not a send's.
        scheduled.append(
          .send(
            clock: step.origin == .send ? step.clockNanoseconds : nil,
            started: step.startedEffects))
      }
    }
    // NB: The steps' start times, ascending: a cancelled effect's end is found by bisection.
    let starts = steps.map(\.startNanoseconds)
    var cutShort: [Int64: Int] = [:]
    for row in self.session.effects.values {
      guard let end = row.end else {
        cutShort[row.start.id] = steps.count
        continue
      }
      guard case .cancelled = end.outcome else { continue }
      // NB: Cancelled while the last step to start before its end ran.
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] <= end.endNanoseconds { low = middle + 1 } else { high = middle }
      }
      cutShort[row.start.id] = low > 0 ? low - 1 : steps.count
    }
    let schedule = ClockSchedule(
      sleeps: self.session.sleeps, sentCounts: sent, cutShort: cutShort)
    return (schedule.advances(for: scheduled), schedule.unseenWaits(in: scheduled))
  }

  /// `await store.skipInFlightEffects(strict: false)`: ends what is still running, and is no
  /// issue when nothing is.
  private mutating func appendSkipInFlightEffects() {
    self.append(
      SwiftExpression.awaited(
        SwiftExpression.call(
          SwiftExpression.member(self.store, "skipInFlightEffects"),
          [("strict", ExprSyntax(BooleanLiteralExprSyntax(false)))])))
  }

  /// `await store.finish()`, or `skipInFlightEffects(strict: false)` when effects were still
  /// running.
  ///
  /// NB: Not strict: a feature that dismissed itself under a `TestStore` leaves its effects
  /// running in the recording, where nothing ended them, but they are no longer the test
  /// store's to skip when the test runs (SyncUps' meeting ends with `await dismiss()`).
  mutating func end() {
    guard self.session.effectsInFlightAtEnd else {
      self.summary.ending = "finish()"
      self.append(
        SwiftExpression.awaited(
          SwiftExpression.call(SwiftExpression.member(self.store, "finish"), [])))
      return
    }
    self.summary.ending = "skipInFlightEffects(strict: false)"
    self.appendSkipInFlightEffects()
  }

  /// Appends a statement as written.
  mutating func appendStatement(_ item: CodeBlockItemSyntax) {
    self.body.append(item)
  }

  /// `continuation.yield(value)`, or `continuation.yield()` for none.
  mutating func yield(_ value: ExprSyntax?, to feed: StreamFeed) {
    self.append(
      SwiftExpression.call(
        SwiftExpression.member(feed.continuation, "yield"), value.map { [(nil, $0)] } ?? []))
    self.summary.streamYields += 1
  }

  /// `continuation.finish()`, or `continuation.finish(throwing: error)`.
  mutating func finish(_ feed: StreamFeed, throwing error: ExprSyntax? = nil) {
    self.append(
      SwiftExpression.call(
        SwiftExpression.member(feed.continuation, "finish"),
        error.map { [("throwing", $0)] } ?? []))
  }

  /// The file.
  mutating func finish() throws -> GeneratedTest {
    self.summary.decodedValues = self.printer.decodedCount
    self.summary.hasClockRequests = self.session.hasClockRequests
    self.summary.effectsSendingBack = self.effectsSendingBack()
    let setUp = self.setUp()
    let constants = NamedConstants(
      statements: setUp + self.body, mentions: self.effectComments.flatMap(\.comment.mentions),
      taken: [self.testName])
    var body = constants.rewritten(self.body)
    for (index, comment) in self.effectComments {
      body[index].leadingTrivia =
        [.lineComment("// " + comment.text(naming: constants)), .newlines(1)]
    }
    let file = TestFile(
      style: self.options.style, testName: self.testName, module: self.module,
      imports: self.options.imports, usesSupport: self.usesSupport, comment: self.comment(),
      statements: constants.declarations + constants.rewritten(setUp) + body)
    return GeneratedTest(source: file.source, summary: self.summary)
  }

  /// The actions whose `.run` effects sent actions back, each once, with its first seq.
  private func effectsSendingBack() -> [String] {
    var sent = Set<Int64>()
    for step in self.session.steps {
      if case let .effect(id) = step.origin { sent.insert(id) }
    }
    var seen = Set<String>()
    var names: [String] = []
    let nameOfSeq = Dictionary(
      self.session.steps.map { ($0.seq, $0.name) }, uniquingKeysWith: { first, _ in first })
    for id in sent.sorted() {
      guard let row = self.session.effects[id], row.start.kind == .run,
        let name = nameOfSeq[row.start.actionSeq], seen.insert(name).inserted
      else { continue }
      names.append("\(name) (#\(row.start.actionSeq))")
    }
    return names
  }

  private func comment() -> [String] {
    var lines = ["Generated by tca-replay from a recording of \(self.featureName)."]
    if !self.summary.effectsSendingBack.isEmpty {
      lines.append("The effects of these actions sent actions back; they may call dependencies")
      lines.append("this test has to provide in withDependencies:")
      lines += self.summary.effectsSendingBack.map { "  \($0)" }
    }
    if self.summary.decodedValues > 0 {
      lines.append(
        "\(self.summary.decodedValues) values could not be written as Swift and are decoded "
          + "from JSON.")
    }
    return lines
  }

  /// `let clock = TestClock()` and the store with its dependencies.
  private mutating func setUp() -> [CodeBlockItemSyntax] {
    var dependencies: [CodeBlockItemSyntax] = [
      Self.statement(
        SwiftExpression.assignment(
          SwiftExpression.member(SwiftExpression.name("$0"), "continuousClock"),
          SwiftExpression.name("clock")))
    ]
    var handedBack: Set<String> = ["continuousClock"]
    for (name, value) in self.recordedValues() {
      handedBack.insert(name)
      dependencies.append(
        Self.statement(
          SwiftExpression.assignment(
            SwiftExpression.member(SwiftExpression.name("$0"), name), value)))
    }
    // NB: The test's clock and the values the recording read stand: a statement given with the
    // dependencies that sets one of them again (`$0.uuid = .incrementing`, as the test the
    // session was recorded from had) is left out.
    dependencies += self.dependencyStatements.filter { statement in
      !handedBack.contains { name in
        statement.trimmedDescription.replacingOccurrences(of: " ", with: "").hasPrefix(
          "$0.\(name)=")
      }
    }
    let feature = SwiftExpression.name(self.featureName)
    // NB: `initialState:` is a non-throwing autoclosure: a decoded state is decoded before.
    // A `@Shared` of a key in it is the reference the run wrote: it is read as it was before.
    let decodedState = SharedValueBook(baselines: self.session.sharedBaselines).withValues {
      self.startsFromDefaultState ? nil : self.printer.decoded(self.session.initialState)
    }
    let initialState =
      decodedState == nil
      ? SwiftExpression.call(SwiftExpression.member(feature, "State"), [])
      : SwiftExpression.name("initialState")
    let reducer =
      self.reducerExpression
      ?? (self.isCaseReducer
        ? SwiftExpression.member(feature, "body") : SwiftExpression.call(feature, []))
    let storeCall = FunctionCallExprSyntax(
      calledExpression: SwiftExpression.name("TestStore"),
      leftParen: .leftParenToken(),
      arguments: LabeledExprListSyntax([
        LabeledExprSyntax(label: "initialState", expression: initialState)
      ]),
      rightParen: .rightParenToken(),
      trailingClosure: ClosureExprSyntax(
        statements: CodeBlockItemListSyntax([
          CodeBlockItemSyntax(item: .expr(reducer))
        ])),
      additionalTrailingClosures: MultipleTrailingClosureElementListSyntax([
        MultipleTrailingClosureElementSyntax(
          label: "withDependencies",
          closure: ClosureExprSyntax(statements: CodeBlockItemListSyntax(dependencies)))
      ]))
    return [Self.declaration("clock", SwiftExpression.call(SwiftExpression.name("TestClock"), []))]
      + (decodedState.map { [Self.declaration("initialState", $0)] } ?? [])
      + self.feeds.map(\.declaration)
      + [Self.declaration("store", ExprSyntax(storeCall))]
  }

  /// Whether the test starts from `Feature.State()`. An enum state never does. A state whose
  /// coding fills in defaults (the one `@ObservableState` synthesizes) does when the recorded
  /// initial state codes as the state decoded from no fields at all, and has no `State()` when
  /// that decoding fails (a property with no default); otherwise the test starts from the
  /// recorded state, decoded from its JSON. A coding of the type's own, which needs every field,
  /// cannot tell, and `Feature.State()` is written.
  private var startsFromDefaultState: Bool {
    if self.isCaseReducer { return false }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var decoded: R.State?
    let isSynthesized = _SynthesizedDecoding.isUsed {
      decoded = try JSONDecoder().decode(R.State.self, from: Data("{}".utf8))
    }
    guard let fresh = decoded else { return !isSynthesized }
    guard let freshJSON = try? encoder.encode(fresh),
      let recordedJSON = try? encoder.encode(self.session.initialState)
    else { return true }
    return freshJSON == recordedJSON
  }

  static func statement(_ expression: ExprSyntax) -> CodeBlockItemSyntax {
    CodeBlockItemSyntax(item: .expr(expression))
  }

  static func declaration(_ name: String, _ value: ExprSyntax) -> CodeBlockItemSyntax {
    SwiftExpression.constant(name, value)
  }

  /// The recorded uuid, date and random values, as presets where they fit.
  private mutating func recordedValues() -> [(String, ExprSyntax)] {
    var assignments: [(String, ExprSyntax)] = []
    let values = self.session.dependencyValues
    let uuids = values.filter { $0.dependency == .uuid }.compactMap { UUID(uuidString: $0.value) }
    if !uuids.isEmpty {
      if uuids.enumerated().allSatisfy({ $0.element == UUID($0.offset) }) {
        assignments.append(("uuid", SwiftExpression.member(nil, "incrementing")))
      } else if Set(uuids).count == 1 {
        assignments.append(
          (
            "uuid",
            SwiftExpression.call(
              SwiftExpression.member(nil, "constant"), [(nil, SwiftValuePrinter.uuid(uuids[0]))])
          ))
      } else {
        self.usesSupport = true
        assignments.append(
          (
            "uuid",
            SwiftExpression.call(
              SwiftExpression.member(nil, "recorded"),
              [(nil, SwiftExpression.array(uuids.map { SwiftExpression.string($0.uuidString) }))])
          ))
      }
    }
    let dates = values.filter { $0.dependency == .date }.compactMap { Double($0.value) }
    if !dates.isEmpty {
      if Set(dates).count == 1 {
        assignments.append(
          (
            "date",
            SwiftExpression.call(
              SwiftExpression.member(nil, "constant"),
              [
                (
                  nil,
                  SwiftExpression.call(
                    SwiftExpression.name("Date"),
                    [("timeIntervalSinceReferenceDate", SwiftExpression.double(dates[0]))])
                )
              ])
          ))
      } else {
        self.usesSupport = true
        assignments.append(
          (
            "date",
            SwiftExpression.call(
              SwiftExpression.member(nil, "recorded"),
              [(nil, SwiftExpression.array(dates.map(SwiftExpression.double)))])
          ))
      }
    }
    let randoms = values.filter { $0.dependency == .random }.compactMap { UInt64($0.value) }
    if !randoms.isEmpty {
      self.usesSupport = true
      assignments.append(
        (
          "withRandomNumberGenerator",
          SwiftExpression.call(
            SwiftExpression.member(nil, "recorded"),
            [(nil, SwiftExpression.array(randoms.map { SwiftExpression.integer($0) }))])
        ))
    }
    return assignments
  }
}

/// A `@Shared` value, which a test can change with `withLock` (a `@SharedReader` cannot).
protocol WritableShared {
  /// Whether it holds its storage's whole value, not a part derived from it
  /// (`Shared($syncUps[id: id])`), so that the storage's new value can be set through it.
  var holdsWholeValue: Bool { get }
}

extension Shared: WritableShared {
  var holdsWholeValue: Bool { self._isRoot }
}
