import ComposableRuntime
import Foundation
import Testing

@testable import Trace
@testable import TraceBrowser

@MainActor
@Suite struct BrowserTests {
  /// 24 rows: 16 rows of list (see `BrowserLayout`).
  let size = TerminalSize(rows: 24, columns: 80)
  let fixture: BrowserFixture
  let reader: TraceReader

  init() throws {
    self.fixture = try BrowserFixture()
    self.reader = try TraceReader(path: self.fixture.path)
  }

  func makeStore(
    at start: Int64? = nil, _ dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> TestStore<Browser.State, Browser.Action> {
    let reader = self.reader
    return TestStore(
      initialState: Browser.State(title: "t", stateType: "App.State", size: self.size, start: start)
    ) {
      Browser()
    } withDependencies: {
      $0.traceClient = .live(reader)
      dependencies(&$0)
    }
  }

  /// Opens the store on the first action and reads it.
  func open(_ store: TestStore<Browser.State, Browser.Action>) async {
    #expect(BrowserLayout(size: self.size).mainRows == 16)
    await store.send(.task)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(1...16)
      $0.cursor = 1
      $0.bounds = 1...100
    }
    await store.receive(.detailLoaded(.success(BrowserFixture.detail(1)))) {
      $0.detail = BrowserFixture.detail(1)
    }
  }

  func type(_ text: String, _ store: TestStore<Browser.State, Browser.Action>) async {
    for character in text {
      await store.send(.key(.character(character))) { $0.prompt?.text.append(character) }
    }
  }

  /// Types `/`, `text` and Enter.
  func search(_ text: String, _ store: TestStore<Browser.State, Browser.Action>) async {
    await store.send(.key(.character("/"))) { $0.prompt = Browser.Prompt(.search) }
    await self.type(text, store)
    await store.send(.key(.enter)) {
      $0.prompt = nil
      $0.search = text
    }
  }

  @Test func stepsWithinTheWindowAndScrollsPastItsEdges() async {
    let store = self.makeStore()
    await self.open(store)
    await store.send(.key(.character("j"))) { $0.cursor = 2 }
    await store.receive(.detailLoaded(.success(BrowserFixture.detail(2)))) {
      $0.detail = BrowserFixture.detail(2)
    }
    await store.send(.key(.up)) { $0.cursor = 1 }
    await store.receive(.detailLoaded(.success(BrowserFixture.detail(1)))) {
      $0.detail = BrowserFixture.detail(1)
    }
    // Up from the first action: nothing to read.
    await store.send(.key(.character("k")))
    // A page down keeps the cursor on its screen row.
    await store.send(.key(.pageDown))
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(17...32)
      $0.cursor = 17
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(17) }
    // Up from the top row scrolls one row.
    await store.send(.key(.character("k")))
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(16...31)
      $0.cursor = 16
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(16) }
  }

  @Test func jumpsToTheLastAndTheFirstAction() async {
    let store = self.makeStore()
    await self.open(store)
    await store.send(.key(.character("G")))
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(85...100)
      $0.cursor = 100
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(100) }
    await store.send(.key(.down))  // past the last: nothing
    await store.send(.key(.character("g")))
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(1...16)
      $0.cursor = 1
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(1) }
  }

  @Test func opensAtASeqInTheMiddleOfTheWindow() async {
    let store = self.makeStore(at: 50)
    await store.send(.task)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(42...57)
      $0.cursor = 50
      $0.bounds = 1...100
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(50) }
  }

  @Test func jumpsToATypedSeqAndSaysWhenItIsOutOfRange() async {
    let store = self.makeStore()
    await self.open(store)
    await store.send(.key(.character(":"))) { $0.prompt = Browser.Prompt(.jump) }
    await self.type("5", store)
    await store.send(.key(.enter)) {
      $0.prompt = nil
      $0.cursor = 5
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(5) }

    await store.send(.key(.character(":"))) { $0.prompt = Browser.Prompt(.jump) }
    await self.type("500", store)
    await store.send(.key(.enter)) { $0.prompt = nil }
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(85...100)
      $0.cursor = 100
      $0.message = "no action #500: the trace holds #1 to #100"
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(100) }

    await store.send(.key(.character(":"))) {
      $0.prompt = Browser.Prompt(.jump)
      $0.message = nil
    }
    await self.type("x", store)
    await store.send(.key(.enter)) {
      $0.prompt = nil
      $0.message = "expected a seq (a whole number) after ':', found \"x\""
    }
  }

  @Test func searchesNamesForwardAndBackward() async {
    let store = self.makeStore()
    await self.open(store)
    await self.search("TODO", store)
    await store.receive(\.found) { $0.cursor = 10 }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(10) }
    await store.send(.key(.character("n")))
    await store.receive(\.found)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(12...27)
      $0.cursor = 20
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(20) }
    await store.send(.key(.character("N")))
    await store.receive(\.found)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(2...17)
      $0.cursor = 10
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(10) }

    await self.search("zzz", store)
    await store.receive(\.found) { $0.message = "no action matches \"zzz\"" }
  }

  @Test func searchWrapsAroundPastTheFirstAndTheLastMatch() async {
    let store = self.makeStore()
    await self.open(store)
    await self.search("TODO", store)
    await store.receive(\.found) { $0.cursor = 10 }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(10) }
    // Nothing before the first match: on from the last, as vim says.
    await store.send(.key(.character("N")))
    await store.receive(\.found)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(85...100)
      $0.cursor = 100
      $0.message = "search hit TOP, continuing at BOTTOM"
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(100) }
    // Nothing after the last: on from the first.
    await store.send(.key(.character("n"))) { $0.message = nil }
    await store.receive(\.found)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(2...17)
      $0.cursor = 10
      $0.message = "search hit BOTTOM, continuing at TOP"
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(10) }
  }

  @Test func watchesAPathMarksItsChangesAndJumpsBetweenThem() async {
    let store = self.makeStore()
    await self.open(store)
    await store.send(.key(.character("]"))) {
      $0.message = "no watched path: w PATH Enter first"
    }
    await store.send(.key(.character("w"))) {
      $0.prompt = Browser.Prompt(.watch)
      $0.message = nil
    }
    await self.type("todos", store)
    await store.send(.key(.enter)) {
      $0.prompt = nil
      $0.watch = Browser.Watch(path: TracePath([.field("todos")]))
    }
    await store.receive(.marksLoaded(.success([10]))) { $0.watch?.marked = [10] }
    await store.send(.key(.character("]")))
    await store.receive(\.found) { $0.cursor = 10 }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(10) }
    await store.send(.key(.character("]")))
    await store.receive(\.found)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(12...27)
      $0.cursor = 20
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(20) }
    await store.receive(.marksLoaded(.success([20]))) { $0.watch?.marked = [20] }
    await store.send(.key(.character("[")))
    await store.receive(\.found)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(2...17)
      $0.cursor = 10
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(10) }
    await store.receive(.marksLoaded(.success([10]))) { $0.watch?.marked = [10] }

    var parseError = ""
    do { _ = try TracePath(parsing: "todos[") } catch { parseError = "\(error)" }
    #expect(!parseError.isEmpty)
    await store.send(.key(.character("w"))) { $0.prompt = Browser.Prompt(.watch, text: "todos") }
    await self.type("[", store)
    await store.send(.key(.enter)) {
      $0.prompt = nil
      $0.message = parseError
    }
  }

  @Test func showsEffectsAndScopesAndFollowsTheCursorWhileOpen() async {
    let store = self.makeStore(at: 3)
    await store.send(.task)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(1...16)
      $0.cursor = 3
      $0.bounds = 1...100
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(3) }
    let timer = EffectRow(
      start: EffectStartRecord(
        id: 1, actionSeq: 3, kind: .run, name: "timer", cancelIDs: ["timer"],
        location: "Counter.swift:12", startNanoseconds: 3_100_000),
      end: nil)
    let send = EffectRow(
      start: EffectStartRecord(
        id: 2, actionSeq: 4, kind: .send, name: nil, cancelIDs: [], location: nil,
        startNanoseconds: 4_100_000),
      end: EffectEndRecord(
        id: 2, endNanoseconds: 4_500_000, outcome: .finished,
        actionsSent: 1))
    await store.send(.key(.character("e")))
    await store.receive(\.overlayLoaded) { $0.overlay = .effects(seq: 3, [timer]) }
    await store.send(.key(.character("j"))) { $0.cursor = 4 }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(4) }
    await store.receive(\.overlayLoaded) { $0.overlay = .effects(seq: 4, [timer, send]) }
    await store.send(.key(.character("s")))
    await store.receive(\.overlayLoaded) { $0.overlay = .scopes(seq: 4, []) }
    await store.send(.key(.character("k"))) { $0.cursor = 3 }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(3) }
    await store.receive(\.overlayLoaded) { $0.overlay = .scopes(seq: 3, []) }
    await store.send(.key(.character("g")))
    await store.receive(\.windowLoaded) { $0.cursor = 1 }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(1) }
    await store.receive(\.overlayLoaded) {
      $0.overlay = .scopes(
        seq: 1,
        [
          ScopeRecord(
            actionSeq: 1, path: "counter", selfNanoseconds: 2_000, totalNanoseconds: 3_000,
            calls: 1)
        ])
    }
    await store.send(.key(.character("?"))) { $0.overlay = .help }
    await store.send(.key(.character("q"))) { $0.overlay = nil }
    await store.send(.key(.character("q"))) { $0.isFinished = true }
  }

  @Test func foldsTheSelectedNodeOfTheState() async {
    let store = self.makeStore()
    await self.open(store)
    await store.send(.key(.enter)) { $0.folded = [TracePath()] }
    await store.send(.key(.character(" "))) { $0.folded = [] }
    await store.send(.key(.tab)) { $0.focus = .state }
    await store.send(.key(.character("j"))) { $0.selection = TracePath([.field("counter")]) }
    await store.send(.key(.character(" "))) { $0.folded = [TracePath([.field("counter")])] }
    await store.send(.key(.down)) { $0.selection = TracePath([.field("todos")]) }
    // An empty array has nothing to fold.
    await store.send(.key(.enter))
    await store.send(.key(.character("g"))) { $0.selection = TracePath() }
    await store.send(.key(.character("G"))) { $0.selection = TracePath([.field("todos")]) }
    await store.send(.key(.escape)) { $0.focus = .actions }
  }

  @Test func keepsTheRowsItHasWhenTheTerminalShrinks() async {
    let store = self.makeStore()
    await self.open(store)
    let small = TerminalSize(rows: 14, columns: 80)
    #expect(BrowserLayout(size: small).mainRows == 9)
    await store.send(.resized(small)) {
      $0.size = small
      $0.rows = BrowserFixture.headlines(1...9)
    }
  }

  @Test func readsMoreRowsWhenTheTerminalGrows() async {
    let store = self.makeStore()
    await self.open(store)
    let tall = TerminalSize(rows: self.size.rows + 10, columns: self.size.columns)
    let rows = BrowserLayout(size: tall).mainRows
    await store.send(.resized(tall)) { $0.size = tall }
    await store.receive(\.windowLoaded) { $0.rows = BrowserFixture.headlines(1...Int64(rows)) }
  }

  @Test func followsATraceStillBeingWritten() async throws {
    let fixture = try BrowserFixture(stillWriting: true)
    let reader = try TraceReader(path: fixture.path)
    let clock = TestClock()
    let store = TestStore(
      initialState: Browser.State(title: "t", stateType: "App.State", size: self.size)
    ) {
      Browser()
    } withDependencies: {
      $0.traceClient = .live(reader)
      $0.continuousClock = clock
    }
    await self.open(store)
    await store.send(.key(.character("F"))) { $0.isFollowing = true }
    // Following starts at the last action.
    await store.receive(.followed(.success(1...100)))
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(85...100)
      $0.cursor = 100
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(100) }
    try fixture.append(101...110)
    await clock.advance(by: .milliseconds(200))
    await store.receive(.followed(.success(1...110)))
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(95...110)
      $0.cursor = 110
      $0.bounds = 1...110
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(110) }
    await clock.advance(by: .milliseconds(200))
    await store.receive(.followed(.success(1...110)))
    // Any other key stops following.
    await store.send(.key(.character("k"))) {
      $0.isFollowing = false
      $0.cursor = 109
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(109) }
  }
}
