import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal as the interactive view uses it: raw input, the alternate screen, a hidden cursor,
/// its size; and put back as it was, once, however the view ends.
///
/// ```swift
/// let terminal = try Terminal()
/// terminal.start()
/// defer { terminal.restore() }
/// terminal.write("\u{1B}[1;1Hhello")
/// ```
final class Terminal: @unchecked Sendable {
  /// The settings to put back; `nil` once restored.
  private var original: termios?
  /// Whether ``start()`` changed the terminal.
  private var isStarted = false
  private let lock = NSLock()

  /// The settings of the terminal on standard input and output, kept to put back; nothing
  /// changes until ``start()``.
  init() throws {
    var settings = termios()
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
      tcgetattr(STDIN_FILENO, &settings) == 0
    else {
      throw BrowserFailure(
        "expected a terminal on standard input and output for the interactive view, found a "
          + "pipe or a file")
    }
    self.original = settings
  }

  /// Switches to raw input and the alternate screen, with the cursor hidden.
  func start() {
    self.lock.lock()
    defer { self.lock.unlock() }
    guard var settings = self.original, !self.isStarted else { return }
    self.isStarted = true
    // NB: Raw input but signals kept (ISIG): Ctrl-C reaches the process, whose signal handling
    // restores the terminal. Ctrl-Z is turned off rather than left to stop the process with the
    // terminal still raw. Output processing is kept; every line is placed with a cursor-position
    // sequence anyway.
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
      cc[Int(VSUSP)] = 0  // _POSIX_VDISABLE
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    // Alternate screen, cursor hidden, no line wrap, screen cleared.
    self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
  }

  /// Puts the terminal back as it was: main screen, cursor shown, line wrap, cooked input. Safe
  /// to call more than once, before ``start()`` (it does nothing then) and from any thread (a
  /// signal handler's queue).
  func restore() {
    self.lock.lock()
    defer { self.lock.unlock() }
    guard var original = self.original, self.isStarted else { return }
    self.original = nil
    self.write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// The terminal's size, or 24 × 80 when it cannot say.
  static func size() -> TerminalSize {
    var size = winsize()
    #if canImport(Darwin)
      // NB: Darwin's TIOCGWINSZ is a function-like macro Swift does not import.
      let request: UInt = 0x4008_7468
    #else
      let request = UInt(TIOCGWINSZ)
    #endif
    guard ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return TerminalSize(rows: 24, columns: 80)
    }
    return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
  }

  /// Writes `text` to standard output, all of it.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
