import Foundation
import TestSupport
import Testing

/// `tca-replay open` used as a person would: the built binary in a real terminal (tmux), keys
/// typed, the screen read back. Every check waits for the screen to show what is expected, for a
/// bounded time, and says what it saw when it does not.
@Suite struct OpenInTerminalTests {
  /// The demo's trace: 45 actions, the counter's first.
  static let trace = ToolRun.sampleTrace(version: 1).path

  /// The command line that opens `trace` and then reports how it left the terminal.
  static func open(_ trace: String = Self.trace, _ arguments: String = "") -> String {
    "'\(ToolRun.executable.path)' open '\(trace)' \(arguments); after $?"
  }

  /// Waits until the screen's last row, the status line, starts with `status`.
  func expectStatus(
    _ status: String, in session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let screen = try session.waitFor(timeout: 20) { $0.last?.hasPrefix(status) == true }
    #expect(
      screen != nil, "expected a status line starting \"\(status)\", found:\n\(session.lastScreenText)",
      sourceLocation: sourceLocation)
  }

  /// Waits until the screen satisfies `condition`.
  func expectScreen(
    _ description: String, in session: TmuxSession,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping ([String]) -> Bool
  ) throws {
    let screen = try session.waitFor(timeout: 20, condition)
    #expect(
      screen != nil, "expected the screen \(description), found:\n\(session.lastScreenText)",
      sourceLocation: sourceLocation)
  }

  /// Waits until some row of the screen satisfies `row`.
  @discardableResult
  func expectRow(
    _ description: String, in session: TmuxSession,
    sourceLocation: SourceLocation = #_sourceLocation, _ row: @escaping (String) -> Bool
  ) throws -> [String]? {
    let screen = try session.waitFor(timeout: 20) { $0.contains(where: row) }
    #expect(
      screen != nil, "expected a row \(description), found:\n\(session.lastScreenText)",
      sourceLocation: sourceLocation)
    return screen
  }

  /// Waits for the shell to be back after the view ended with `status`, the terminal cooked: the
  /// last lines are `after`'s report and the prompt.
  func expectShellBack(
    status: Int32, in session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let report = "exit status \(status) · terminal icanon echo"
    let screen = try session.waitFor(timeout: 20) {
      $0.filter { !$0.isEmpty }.suffix(2) == [report, "READY$"]
    }
    #expect(
      screen != nil, "expected \"\(report)\" then the prompt, found:\n\(session.lastScreenText)",
      sourceLocation: sourceLocation)
    #expect(try !session.isOnAlternateScreen(), sourceLocation: sourceLocation)
  }

  @Test func stepsJumpsSearchesAndQuitsRestoringTheShell() throws {
    let session = try TmuxSession(columns: 120, rows: 40)
    defer { session.close() }
    try session.type(Self.open(), "Enter")

    try self.expectStatus("#1/45 counter.view.incrementButtonTapped  ", in: session)
    #expect(try session.isOnAlternateScreen())
    #expect(session.lastScreen.first?.contains("demo-v1.sqlite  ·  actions #1–#45") == true)
    #expect(session.lastScreen.contains { $0.hasPrefix("▶  1  19.5  send ") })

    try session.type("j", "j", "j")
    try self.expectStatus("#4/45 counter.internal.timerTicked  ", in: session)
    // The cursor row moved; the state beside it is the state after #4, the diff under it #4's
    // (read after the move, so waited for too).
    try self.expectScreen("with the cursor, the state and the diff at #4", in: session) { screen in
      screen.contains { $0.hasPrefix("▶  4  31.1  effect #1  counter.internal.timerTicked") }
        && screen.contains { $0.hasPrefix("   1  19.5  send ") }
        && screen.contains { $0.hasSuffix("│     count: 3,") }
        && screen.contains { $0.hasPrefix("── #4 counter.internal.timerTicked  effect #1 · ") }
        && screen.contains { $0 == "  replace counter.count 2 → 3" }
    }

    try session.type("G")
    try self.expectStatus("#45/45 items.path.popFrom  ", in: session)
    try self.expectRow("with the cursor on #45", in: session) { $0.hasPrefix("▶ 45  93.6  send ") }

    try session.type(":", "5", "Enter")
    try self.expectStatus("#5/45 counter.internal.timerTicked  ", in: session)
    try self.expectRow("with #5's diff", in: session) { $0 == "  replace counter.count 3 → 4" }

    try session.type("/")
    try session.typeLiterally("query")
    try self.expectStatus("/query█", in: session)
    try session.type("Enter")
    try self.expectStatus("#29/45 search.view.queryChanged  ", in: session)
    try self.expectRow("with #29's diff header", in: session) {
      $0.hasPrefix("── #29 search.view.queryChanged(\"B\")")
    }
    try session.type("n")
    try self.expectStatus("#30/45 search.view.queryChanged  ", in: session)
    try session.type("N")
    try self.expectStatus("#29/45 search.view.queryChanged  ", in: session)

    try session.type("q")
    try self.expectShellBack(status: 0, in: session)
    // The shell's screen is as it was: the command, what it printed, the prompt.
    let shell = session.lastScreen.filter { !$0.isEmpty }
    #expect(shell.first?.hasPrefix("READY$ '") == true)
    #expect(!shell.contains { $0.contains("#1/45") || $0.contains("│") })
  }

  /// `/` searches past the last match from the top, and `N` past the first from the bottom, as
  /// vim does, saying so on the status line. "query" matches #29, #30, #31 and #33.
  @Test func searchWrapsAroundAndSaysSo() throws {
    let session = try TmuxSession(columns: 120, rows: 40)
    defer { session.close() }
    try session.type(Self.open(Self.trace, "--at 40"), "Enter")
    try self.expectStatus("#40/45 ", in: session)

    try session.type("/")
    try session.typeLiterally("query")
    try self.expectStatus("/query█", in: session)
    try session.type("Enter")
    try self.expectStatus(
      "#29/45 search.view.queryChanged  — search hit BOTTOM, continuing at TOP", in: session)
    try self.expectRow("with #29's diff header", in: session) {
      $0.hasPrefix("── #29 search.view.queryChanged(\"B\")")
    }
    try session.type("N")
    try self.expectStatus(
      "#33/45 search.view.queryChanged  — search hit TOP, continuing at BOTTOM", in: session)
    // A match that does not wrap says nothing more.
    try session.type("N")
    try self.expectStatus("#31/45 search.view.queryChanged  ? help", in: session)

    try session.type("q")
    try self.expectShellBack(status: 0, in: session)
  }

  @Test func watchesAPathAndShowsEffectsScopesHelpAndFolds() throws {
    let session = try TmuxSession(columns: 120, rows: 40)
    defer { session.close() }
    try session.type(Self.open(Self.trace, "--at 5"), "Enter")
    try self.expectStatus("#5/45 counter.internal.timerTicked  ", in: session)

    // Rows that changed counter.count are marked ●; ] and [ jump between them.
    try session.type("w")
    try session.typeLiterally("counter.count")
    try session.type("Enter")
    try self.expectRow("marking #4 as a change of the watched path", in: session) {
      $0.hasPrefix(" ● 4  31.1")
    }
    #expect(session.lastScreen.last?.contains("[watch counter.count]") == true)
    #expect(session.lastScreen.contains { $0.hasPrefix("▶● 5  32.5") })
    #expect(session.lastScreen.contains { $0.hasPrefix("   3  28.6") })
    try session.type("]")
    try self.expectStatus("#6/45 counter.internal.timerTicked  ", in: session)
    try session.type("]")
    try self.expectStatus("#11/45 counter.view.incrementButtonTapped  ", in: session)
    try session.type("[")
    try self.expectStatus("#6/45 counter.internal.timerTicked  ", in: session)

    // The effects alive after #6: the timer that #3 started, cancelled later by #7.
    try session.type("e")
    try self.expectRow("\"Effects alive after #6: 1\"", in: session) {
      $0 == " Effects alive after #6: 1"
    }
    #expect(
      session.lastScreen.contains { $0.hasPrefix("   effect #1  run") && $0.contains("started by #3") })
    try session.type("q")  // closes the panel, not the view
    try self.expectRow("of the list back", in: session) { $0.hasPrefix("▶● 6  33.6") }

    try session.type("s")
    try self.expectRow("\"Scope timings of #6\"", in: session) {
      $0.hasPrefix(" Scope timings of #6")
    }
    #expect(session.lastScreen.contains { $0.hasPrefix("   counter  ") })
    try session.type("Escape")
    try self.expectRow("of the list back", in: session) { $0.hasPrefix("▶● 6  33.6") }

    try session.type("?")
    try self.expectRow("of the help", in: session) { $0.hasPrefix("   q") && $0.hasSuffix("quit") }
    try session.type("?")
    try self.expectRow("of the list back", in: session) { $0.hasPrefix("▶● 6  33.6") }

    // Tab moves to the state tree; Enter folds its root.
    try session.type("Tab")
    try self.expectRow("of the status in the state tree", in: session) { $0.contains("[state]") }
    try session.type("Enter")
    try self.expectRow("of the folded root", in: session) {
      $0.hasSuffix("│ DemoApp.AppFeature.State(…)")
    }
    try session.type("Enter")
    try self.expectRow("of the root unfolded", in: session) { $0.hasSuffix("│   counter: (") }

    try session.type("q")
    try self.expectShellBack(status: 0, in: session)
  }

  @Test func asksWhyJumpsToTheEffectsStarterAndBackAndFindsAPredicate() throws {
    let session = try TmuxSession(columns: 120, rows: 40)
    defer { session.close() }
    try session.type(Self.open(Self.trace, "--at 6"), "Enter")
    try self.expectStatus("#6/45 counter.internal.timerTicked  ", in: session)

    // y PATH: the why chain, one row per link; Enter on a row jumps to its action.
    try session.type("y")
    try self.expectRow("of the why prompt", in: session) { $0.hasPrefix("why path: █") }
    try session.typeLiterally("counter.count")
    try session.type("Enter")
    try self.expectRow("\"Why counter.count = 5 after #6\"", in: session) {
      $0 == " Why counter.count = 5 after #6"
    }
    #expect(
      session.lastScreen.contains {
        $0.hasPrefix(" ▶ #6 counter.internal.timerTicked  set it  4 → 5  sent by effect #1 run")
      })
    #expect(
      session.lastScreen.contains {
        $0.hasPrefix("     #3 counter.view.toggleTimerButtonTapped  sent from outside")
      })
    try session.type("j", "Enter")
    try self.expectStatus("#3/45 counter.view.toggleTimerButtonTapped  ", in: session)
    try session.type("'")
    try self.expectStatus("#6/45 counter.internal.timerTicked  ", in: session)

    // o: from an action an effect sent to the action that started the effect; ' comes back.
    try session.type("o")
    try self.expectStatus("#3/45 counter.view.toggleTimerButtonTapped  ", in: session)
    try session.type("o")
    try self.expectStatus(
      "#3/45 counter.view.toggleTimerButtonTapped  — #3 was sent from outside", in: session)
    try session.type("'")
    try self.expectStatus("#6/45 counter.internal.timerTicked  ", in: session)
    try session.type("'")
    try self.expectStatus(
      "#6/45 counter.internal.timerTicked  — no jump to go back to", in: session)

    // f PREDICATE: the next action after which it holds; a bad predicate says where.
    try session.type("f")
    try session.typeLiterally("counter.count >= 7")
    try session.type("Enter")
    try self.expectStatus("#12/45 counter.view.incrementButtonTapped  ", in: session)
    try session.type("f")
    try session.typeLiterally("counter.count >")
    try session.type("Enter")
    try self.expectStatus("#12/45 counter.view.incrementButtonTapped  — cannot parse", in: session)
    try session.type("'")
    try self.expectStatus("#6/45 counter.internal.timerTicked  ", in: session)

    // The help lists the new keys.
    try session.type("?")
    try self.expectRow("of y in the help", in: session) { $0.hasPrefix("   y PATH Enter") }
    try session.type("q", "q")
    try self.expectShellBack(status: 0, in: session)
  }

  /// A trace with reads (schema 7): the diff pane says what the action read, and the why panel
  /// shows what the setter computed the value from.
  @Test func showsReadsInTheDiffPaneAndTheWhyPanel() throws {
    let session = try TmuxSession(columns: 160, rows: 40)
    defer { session.close() }
    let trace = ToolRun.sampleTrace(version: 7).path
    try session.type(Self.open(trace, "--at 59"), "Enter")
    try self.expectStatus("#59/62 profile.alert.presented.confirmSave  ", in: session)
    try self.expectRow("of the action's reads in the diff pane", in: session) {
      $0.hasPrefix("  read: profile.name, profile.bio, profile.isPublic")
    }
    try session.type("y")
    try self.expectRow("of the why prompt", in: session) { $0.hasPrefix("why path: ") }
    try session.typeLiterally("profile.saved")
    try session.type("Enter")
    try self.expectRow("of a read under the setter", in: session) {
      $0.hasPrefix(
        #"     computed from profile.name = "Blob Jr.", set by #55 profile.binding.name"#)
    }
    #expect(
      session.lastScreen.contains {
        $0.hasPrefix(#"     computed from profile.bio = "Camps in all weather", set by #56"#)
      }, "\(session.lastScreenText)")
    try session.type("Escape", "q")
    try self.expectShellBack(status: 0, in: session)
  }

  @Test func redrawsForTheNewSizeWhenTheTerminalIsResized() throws {
    let session = try TmuxSession(columns: 120, rows: 40)
    defer { session.close() }
    try session.type(Self.open(), "Enter")
    try self.expectStatus("#1/45 ", in: session)
    // The list takes 11/20 of the width: the rule is in column 66 of 120, 44 of 80.
    #expect(session.lastScreen.count == 40)
    #expect(Self.ruleColumn(session.lastScreen) == 66)

    try session.resize(columns: 80, rows: 24)
    let screen = try session.waitFor(timeout: 20) {
      $0.count == 24 && Self.ruleColumn($0) == 44 && $0.last?.hasPrefix("#1/45 ") == true
    }
    #expect(screen != nil, "expected the view redrawn at 80 × 24, found:\n\(session.lastScreenText)")
    #expect(session.lastScreen.allSatisfy { $0.count <= 80 })
    // Keys still work at the new size.
    try session.type("j")
    try self.expectStatus("#2/45 counter.view.incrementButtonTapped  ", in: session)

    try session.type("q")
    try self.expectShellBack(status: 0, in: session)
  }

  /// The column of the rule between the list and the state, on the second row.
  static func ruleColumn(_ screen: [String]) -> Int? {
    guard screen.count > 1, let index = screen[1].firstIndex(of: "│") else { return nil }
    return screen[1].distance(from: screen[1].startIndex, to: index)
  }

  @Test func followsATraceStillBeingWritten() throws {
    let fixture = try BrowserFixture(count: 100, stillWriting: true)
    let session = try TmuxSession(columns: 120, rows: 40)
    defer { session.close() }
    try session.type(Self.open(fixture.path), "Enter")
    try self.expectStatus("#1/100 ", in: session)
    try session.type("F")
    try self.expectStatus("#100/100 todos.view.addTodoButtonTapped  [following]", in: session)
    try fixture.append(101...110)
    try self.expectStatus("#110/110 todos.view.addTodoButtonTapped  [following]", in: session)
    try session.type("k")  // any key stops following
    try self.expectStatus("#109/110 counter.view.incrementButtonTapped  ? help", in: session)
    try session.type("q")
    try self.expectShellBack(status: 0, in: session)
  }

  @Test func controlCEndsTheViewAndRestoresTheTerminal() throws {
    let session = try TmuxSession(columns: 100, rows: 30)
    defer { session.close() }
    try session.type(Self.open(), "Enter")
    try self.expectStatus("#1/45 ", in: session)
    try session.type("C-c")
    try self.expectShellBack(status: 130, in: session)
  }

  @Test func sigtermEndsTheViewAndRestoresTheTerminal() throws {
    let session = try TmuxSession(columns: 100, rows: 30)
    defer { session.close() }
    try session.type(Self.open(), "Enter")
    try self.expectStatus("#1/45 ", in: session)
    let view = try #require(try session.foregroundProcess(), "the view's process")
    #expect(kill(view, SIGTERM) == 0)
    try self.expectShellBack(status: 143, in: session)
  }

  @Test func aDamagedTraceIsOneLineAndLeavesTheTerminalAsItWas() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.trace))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tca-replay-open-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let damaged = folder.appendingPathComponent("damaged.sqlite").path
    try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: damaged))

    // Wide enough that the error, which names the file, fits on one row.
    let session = try TmuxSession(columns: 300, rows: 30)
    defer { session.close() }
    try session.type(Self.open(damaged), "Enter")
    try self.expectShellBack(status: 2, in: session)
    let errors = session.lastScreen.filter { $0.hasPrefix("tca-replay: ") }
    #expect(errors.count == 1, "one line, found:\n\(session.lastScreenText)")
    #expect(
      errors.first
        == "tca-replay: \(damaged): expected a readable tca-replay trace, found an SQLite "
        + "database whose pages are damaged or cut short (SQLITE_CORRUPT)")

    try session.type(Self.open(Self.trace, "--at 46"), "Enter")
    try self.expectRow("naming the actions --at can name", in: session) {
      $0 == "tca-replay: expected --at to name an action from 1 to 45, found 46"
    }
    try self.expectShellBack(status: 2, in: session)
  }
}
