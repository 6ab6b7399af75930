import ComposableRuntime
import Dispatch
import Foundation
import Trace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive view on the terminal: `tca-replay open TRACE`.
///
/// ```swift
/// let reader = try TraceReader(path: "session.sqlite")
/// let status = try await TerminalBrowser.run(reader, title: "session.sqlite", at: nil, colors: true)
/// ```
public enum TerminalBrowser {
  /// Whether standard input and standard output are both a terminal, as the view needs.
  public static var hasTerminal: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Opens the trace `reader` reads full screen on its first action (or at `seq`), and returns
  /// the exit status once the user quits with `q` (0).
  ///
  /// The terminal is restored when the view ends, also when it throws, and on SIGINT (exit status
  /// 130) and SIGTERM (143). `title` names the trace on the title row. `colors` is the caller's
  /// choice (a terminal, no `--no-color`); `NO_COLOR` set in the environment turns colours off
  /// too. Throws a ``BrowserFailure`` when standard input or output is not a terminal (see
  /// ``hasTerminal``), before the screen changes.
  @MainActor
  public static func run(
    _ reader: TraceReader, title: String, at seq: Int64?, colors: Bool
  ) async throws -> Int32 {
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let palette: Palette = colors && !noColor ? .color : .monochrome
    let terminal = try Terminal()
    let (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
    // NB: The signal handlers are in place before the terminal changes, so no SIGINT or SIGTERM
    // can leave it raw.
    let signals = Self.watchSignals(terminal: terminal, input: input)
    defer { Self.stopWatching(signals) }
    terminal.start()
    defer { terminal.restore() }
    let keys = KeyReader { keys in input.yield(.keys(keys)) }
    defer { keys.stop() }

    let screen = ScreenWriter(terminal: terminal)
    let store = Store(
      initialState: Browser.State(
        title: title, stateType: reader.header.stateType,
        size: Terminal.size(), start: seq)
    ) {
      Browser()
    } withDependencies: {
      $0.traceClient = .live(reader)
    }
    let frames = FrameObserver { state in
      guard !state.isFinished else { return input.finish() }
      screen.draw(BrowserScreen.lines(for: state, size: state.size, palette: palette))
    }
    store.observer = frames
    screen.draw(BrowserScreen.lines(for: store.state, size: store.state.size, palette: palette))
    store.send(.task)
    for await event in events {
      switch event {
      case let .keys(keys):
        for key in keys where !store.state.isFinished { store.send(.key(key)) }
      case let .resized(size):
        screen.invalidate()
        store.send(.resized(size))
        screen.draw(BrowserScreen.lines(for: store.state, size: store.state.size, palette: palette))
      }
      if store.state.isFinished { break }
    }
    return 0
  }

  /// Restores the terminal and exits on SIGINT and SIGTERM; reports SIGWINCH as a resize.
  private static func watchSignals(
    terminal: Terminal, input: AsyncStream<TerminalEvent>.Continuation
  ) -> [any DispatchSourceSignal] {
    var sources: [any DispatchSourceSignal] = []
    for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        terminal.restore()
        exit(status)
      }
      source.resume()
      sources.append(source)
    }
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    resize.setEventHandler { input.yield(.resized(Terminal.size())) }
    resize.resume()
    sources.append(resize)
    return sources
  }

  /// Cancels the signal sources and gives the signals back their default handling.
  private static func stopWatching(_ sources: [any DispatchSourceSignal]) {
    sources.forEach { $0.cancel() }
    for number in [SIGINT, SIGTERM, SIGWINCH] { signal(number, SIG_DFL) }
  }
}

/// What the terminal tells the view.
enum TerminalEvent: Sendable {
  case keys([Key])
  case resized(TerminalSize)
}

/// Draws a frame each time the view's reducer has run (keys, and the reads they started).
@MainActor
final class FrameObserver: StoreObserver {
  typealias State = Browser.State
  typealias Action = Browser.Action

  private let draw: (Browser.State) -> Void

  init(draw: @escaping (Browser.State) -> Void) {
    self.draw = draw
  }

  func reducerDidRun(_ action: ActionID, state: Browser.State) {
    self.draw(state)
  }
}
