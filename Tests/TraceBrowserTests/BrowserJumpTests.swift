import ComposableRuntime
import Foundation
import Testing

@testable import Trace
@testable import TraceBrowser

/// The view's keys that ask the trace where to go: `o` to the action that started an effect, `f`
/// to where a predicate holds, `y` for the why chain whose rows jump, and `'` back along the
/// jumps they made.
@MainActor
@Suite struct BrowserJumpTests {
  let size = TerminalSize(rows: 24, columns: 80)
  let reader: TraceReader

  init() throws {
    self.reader = try TraceReader(path: try BrowserFixture().path)
  }

  /// A store on the fixture opened at #25 (sent by effect #7), with effect #7 started by #3.
  func open() async -> TestStore<Browser.State, Browser.Action> {
    let reader = self.reader
    let store = TestStore(
      initialState: Browser.State(title: "t", stateType: "App.State", size: self.size, start: 25)
    ) {
      Browser()
    } withDependencies: {
      $0.traceClient = .live(reader)
      $0.traceClient.starter = { id in id == 7 ? 3 : nil }
    }
    await store.send(.task)
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(17...32)
      $0.cursor = 25
      $0.bounds = 1...100
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(25) }
    return store
  }

  func type(_ text: String, _ store: TestStore<Browser.State, Browser.Action>) async {
    for character in text {
      await store.send(.key(.character(character))) { $0.prompt?.text.append(character) }
    }
  }

  @Test func oJumpsToTheStarterAndQuoteGoesBack() async {
    let store = await self.open()
    await store.send(.key(.character("o")))
    await store.receive(\.leapFound) { $0.jumps = [25] }
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(1...16)
      $0.cursor = 3
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(3) }
    // #3 was sent from outside: nowhere to go.
    await store.send(.key(.character("o"))) {
      $0.message = "#3 was sent from outside: no effect sent it"
    }
    await store.send(.key(.character("'"))) {
      $0.message = nil
      $0.jumps = []
    }
    await store.receive(\.windowLoaded) {
      $0.rows = BrowserFixture.headlines(17...32)
      $0.cursor = 25
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(25) }
    await store.send(.key(.character("'"))) {
      $0.message = "no jump to go back to: o, f or a why row jumps first"
    }
  }

  @Test func fJumpsToTheNextActionWhereAPredicateHolds() async {
    let store = await self.open()
    await store.send(.key(.character("f"))) { $0.prompt = Browser.Prompt(.find) }
    await self.type("counter.count >= 27", store)
    await store.send(.key(.enter)) { $0.prompt = nil }
    // The count after #n is n - n / 10: 27 first after #29.
    await store.receive(\.leapFound) {
      $0.jumps = [25]
      $0.cursor = 29
    }
    await store.receive(\.detailLoaded) { $0.detail = BrowserFixture.detail(29) }
    await store.send(.key(.character("f"))) { $0.prompt = Browser.Prompt(.find) }
    await self.type("counter.count < 0", store)
    await store.send(.key(.enter)) { $0.prompt = nil }
    await store.receive(\.leapFound) {
      $0.message = "no action after #29 where counter.count < 0 holds"
    }
    await store.send(.key(.character("f"))) {
      $0.message = nil
      $0.prompt = Browser.Prompt(.find)
    }
    await self.type("counter.count >", store)
    await store.send(.key(.enter)) {
      $0.prompt = nil
      $0.message =
        "cannot parse predicate \"counter.count >\": expected a value (a JSON literal) or a "
        + "state path, found end of input at byte 15"
    }
  }

  @Test func yShowsTheWhyChainWhoseRowsJump() async throws {
    let store = await self.open()
    await store.send(.key(.character("y"))) { $0.prompt = Browser.Prompt(.why) }
    await self.type("counter.count", store)
    await store.send(.key(.enter)) { $0.prompt = nil }
    let cause = try #require(try self.reader.cause(of: BrowserFixture.countPath, at: 25))
    #expect(cause.chain.map(\.seq) == [25])
    await store.receive(\.whyLoaded) { $0.overlay = .why(seq: 25, cause, selected: 0) }
    // One link: j stays on it; Enter on the row at the cursor changes nothing but the panel.
    await store.send(.key(.character("j")))
    await store.send(.key(.enter)) { $0.overlay = nil }
    await store.receive(\.detailLoaded)

    await store.send(.key(.character("y"))) { $0.prompt = Browser.Prompt(.why) }
    await self.type("nosuch", store)
    await store.send(.key(.enter)) { $0.prompt = nil }
    await store.receive(\.whyLoaded) { $0.message = "no value at nosuch after #25" }
  }
}
