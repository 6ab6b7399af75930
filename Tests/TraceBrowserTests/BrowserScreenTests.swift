import Testing
import Trace

@testable import TraceBrowser

@Suite struct BrowserScreenTests {
  let size = TerminalSize(rows: 16, columns: 72)

  /// The view at `cursor` of the fixture's trace with the first rows loaded.
  func state(cursor: Int64 = 4) -> Browser.State {
    var state = Browser.State(title: "demo.sqlite", stateType: "App.State", size: self.size)
    state.bounds = 1...100
    state.rows = BrowserFixture.headlines(1...Int64(BrowserLayout(size: self.size).mainRows))
    state.cursor = cursor
    state.detail = BrowserFixture.detail(cursor)
    return state
  }

  func plain(_ state: Browser.State, size: TerminalSize? = nil) -> [String] {
    BrowserScreen.lines(for: state, size: size ?? self.size, palette: .plain)
  }

  @Test func drawsTheListBesideTheStateTheDiffUnderAndTheStatus() {
    var state = self.state(cursor: 10)
    state.watch = Browser.Watch(path: TracePath([.field("todos")]), marked: [10])
    let lines = self.plain(state)
    // Trailing spaces trimmed here; every line is exactly as wide as the terminal.
    #expect(lines.allSatisfy { TextWidth.of($0) == 72 })
    let expected = """
       tca-replay  demo.sqlite  ·  actions #1–#100  ·  App.State
          1   1.0  send       counter…nTapped│ App.State(
          2   2.0  send       counter…nTapped│   counter: (
          3   3.0  send       counter…nTapped│     count: 9
          4   4.0  send       counter…nTapped│   ),
          5   5.0  effect #7  counter…nTapped│   todos: [
          6   6.0  send       counter…nTapped│     [id: 10]: (
          7   7.0  send       counter…nTapped│       id: 10,
          8   8.0  send       counter…nTapped│       title: "todo 10"
          9   9.0  send       counter…nTapped│     )
      ▶● 10  10.0  send       todos.v…nTapped│   ]
      ── #10 todos.view.addTodoButtonTapped  send · 0.010 ms ─────────────────
        insert  todos[id: 10] {"id":10,"title":"todo 10"}


      #10/100 todos.view.addTodoButtonTapped  [watch todos]  ? help
      """
    let trimmed = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(
      trimmed == expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

  @Test func theDiffHeaderNamesWhereTheActionWasSentFromWhenKnown() {
    var state = self.state(cursor: 4)
    let unknown = self.plain(state)
    #expect(
      unknown.contains {
        $0.hasPrefix("── #4 counter.view.incrementButtonTapped  send · 0.010 ms ──")
      })
    state.detail?.action.site = SendSite(file: "App/CounterView.swift", line: 28)
    let wide = TerminalSize(rows: 16, columns: 120)
    #expect(
      self.plain(state, size: wide).contains {
        $0.hasPrefix(
          "── #4 counter.view.incrementButtonTapped  send · 0.010 ms · sent from "
            + "CounterView.swift:28 ──")
      })
  }

  @Test func statusShowsSeqLastAndNameThenMessagesAndModes() {
    var state = self.state(cursor: 4)
    #expect(
      BrowserScreen.status(state).text == "#4/100 counter.view.incrementButtonTapped  ? help")
    state.message = "no action after #4 matches \"zzz\""
    state.isFollowing = true
    state.focus = .state
    #expect(
      BrowserScreen.status(state).text
        == "#4/100 counter.view.incrementButtonTapped  — no action after #4 matches \"zzz\""
        + "  [following]  [state]  ? help")
    state.prompt = Browser.Prompt(.search, text: "incr")
    #expect(BrowserScreen.status(state).text == "/incr█")
    state.prompt = Browser.Prompt(.jump, text: "12")
    #expect(self.plain(state).last!.hasPrefix(":12█ "))
  }

  @Test func highlightsTheCursorRowInReverseVideoWhenStyled() {
    let state = self.state(cursor: 3)
    for palette in [Palette.color, .monochrome] {
      let lines = BrowserScreen.lines(for: state, size: self.size, palette: palette)
      // Title row, then rows #1, #2, #3.
      #expect(lines[3].hasPrefix("\u{1B}[7m▶"))
      #expect(!lines[2].contains("\u{1B}[7m"))
    }
    let monochrome = BrowserScreen.lines(for: state, size: self.size, palette: .monochrome)
    #expect(!monochrome.joined().contains("\u{1B}[3"))  // no foreground colour
    let colored = BrowserScreen.lines(for: state, size: self.size, palette: .color)
    #expect(colored[12].contains("\u{1B}[33m  replace counter.count 2 → 3"))
  }

  @Test func foldsNodesLikeCustomDump() {
    var state = self.state(cursor: 30)
    state.folded = [TracePath([.field("todos")])]
    let tree = StateTree(state.detail!.state, rootName: "App.State", folded: state.folded)
    #expect(
      tree.lines.map { String(repeating: "  ", count: $0.depth) + $0.text } == [
        "App.State(", "  counter: (", "    count: 27", "  ),", "  todos: […3]", ")",
      ])
    state.folded = [TracePath()]
    #expect(
      StateTree(state.detail!.state, rootName: "App.State", folded: state.folded).lines.map(\.text)
        == ["App.State(…)"])
  }

  @Test func drawsOverlaysOverTheListAndTheState() {
    var state = self.state(cursor: 4)
    state.overlay = .help
    var lines = self.plain(state)
    #expect(lines[1].hasPrefix(" Keys"))
    #expect(lines.contains { $0.hasPrefix("   j ↓ / k ↑       next / previous action") })
    #expect(lines.contains { $0.contains("… ") && $0.contains("more") })  // 16 rows: cut short
    state.overlay = .scopes(
      seq: 4,
      [
        ScopeRecord(
          actionSeq: 4, path: "todos", selfNanoseconds: 2_000, totalNanoseconds: 5_000, calls: 1),
        ScopeRecord(
          actionSeq: 4, path: "todos/todos[id: 3]", selfNanoseconds: 3_000,
          totalNanoseconds: 3_000, calls: 2),
      ])
    lines = self.plain(state)
    #expect(lines[1].hasPrefix(" Scope timings of #4: self / total ms, calls"))
    #expect(lines[2].hasPrefix("   todos  0.002 / 0.005 ms  ×1"))
    #expect(lines[3].hasPrefix("     todos[id: 3]  0.003 / 0.003 ms  ×2"))
    #expect(lines[4].hasPrefix(" Esc or q to close"))
  }

  @Test func shortensLongActionNamesKeepingTheFeatureAndAsMuchOfTheCaseAsFits() {
    let name = "counter.internal.factResponse.success"
    #expect(ActionList.tail(name, columns: 40) == name)
    #expect(ActionList.tail(name, columns: 30) == "counter…factResponse.success")
    #expect(ActionList.tail(name, columns: 20) == "counter…success")
    #expect(ActionList.tail(name, columns: 12) == "count…uccess")
  }

  @Test func saysWhenTheTraceHasNoActionsYet() {
    let state = Browser.State(title: "new.sqlite", stateType: "App.State", size: self.size)
    let lines = self.plain(state)
    #expect(lines[0].contains("no actions yet"))
    #expect(lines[1].hasPrefix("  no actions recorded yet"))
    #expect(lines.last!.hasPrefix("#0/0 (no actions)"))
  }

  @Test func cutsLongLinesToTheTerminalsColumnsCountingWideCharacters() {
    var line = StyledLine("名前: ")
    line.append("\u{1B}[2Jtext", .accent)
    #expect(line.rendered(width: 8, palette: .plain) == "名前:  …")
    #expect(line.rendered(width: 20, palette: .plain) == "名前:  [2Jtext      ")
    #expect(TextWidth.of(line.rendered(width: 9, palette: .plain)) == 9)
  }
}
