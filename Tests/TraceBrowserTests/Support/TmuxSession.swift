import Foundation

/// A real terminal for a test to type into: a tmux server on a socket of its own (in a temporary
/// folder, removed with it), with one window running a plain `bash` whose prompt is `READY$ `.
///
/// ```swift
/// let session = try TmuxSession(columns: 120, rows: 40)
/// defer { session.close() }
/// try session.type("'\(binary)' open '\(trace)'; after $?", "Enter")
/// let screen = try session.waitFor { $0.contains { $0.hasPrefix("#1/45 ") } }
/// ```
///
/// The shell has a function `after` that prints how the last command left things:
/// `exit status 0 · terminal icanon echo` (`-icanon -echo` for a terminal left raw).
final class TmuxSession {
  /// The folder of the server's socket and the shell's startup file.
  private let folder: URL
  private var socket: String { self.folder.appendingPathComponent("tmux.sock").path }

  /// Starts the server and a shell in a `columns` × `rows` window; fails with a clear message
  /// when tmux is not installed (`Tools/run-tests` installs it).
  init(columns: Int, rows: Int) throws {
    guard Self.isInstalled else {
      throw TmuxError(
        description: "tmux is needed to test the interactive view in a real terminal and was "
          + "not found on PATH; install it (`apt-get install -y tmux`, as Tools/run-tests does)")
    }
    // NB: A short name: a socket's path has a length limit (104 bytes on macOS).
    self.folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tca-replay-tmux-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    let rcfile = self.folder.appendingPathComponent("bashrc")
    try """
    PS1='READY$ '
    after() {
      echo "exit status $1 · terminal $(stty -a | tr ' ;' '\\n\\n' \\
        | grep -x -e icanon -e -icanon -e echo -e -echo | paste -sd' ' -)"
    }

    """.write(to: rcfile, atomically: true, encoding: .utf8)
    try self.tmux(
      "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)",
      "env TERM=xterm-256color bash --noprofile --rcfile '\(rcfile.path)'")
    guard try self.waitFor(timeout: 20, { $0.contains("READY$") }) != nil else {
      throw TmuxError(description: "the shell in tmux never showed its prompt")
    }
  }

  /// Stops the tmux server and removes its socket and the shell's files.
  func close() {
    _ = try? self.tmux("kill-server")
    try? FileManager.default.removeItem(at: self.folder)
  }

  deinit {
    self.close()
  }

  /// Whether tmux is on PATH.
  static var isInstalled: Bool {
    (try? Self.run(["tmux", "-V"]).status) == 0
  }

  /// Types `keys` (tmux key names, `Enter`, `Escape`, `C-c`, `NPage`, or text) into the window.
  func type(_ keys: String...) throws {
    try self.tmux(["send-keys", "-t", "main"] + keys)
  }

  /// Types `text` as it is (no key names), one character after another.
  func typeLiterally(_ text: String) throws {
    try self.tmux("send-keys", "-t", "main", "-l", text)
  }

  /// Sets the window's size, as a person resizing the terminal would.
  func resize(columns: Int, rows: Int) throws {
    try self.tmux("resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)")
  }

  /// The screen as text, one string a row, without trailing spaces.
  func capture() throws -> [String] {
    let text = try self.tmux("capture-pane", "-p", "-t", "main")
    var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    if rows.last == "" { rows.removeLast() }
    return rows
  }

  /// Whether the window shows the alternate screen (a full-screen program is running).
  func isOnAlternateScreen() throws -> Bool {
    try self.tmux("display-message", "-p", "-t", "main", "#{alternate_on}")
      .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
  }

  /// The process id of the command the shell is running (its only child), if any.
  func foregroundProcess() throws -> Int32? {
    let shell = try self.tmux("display-message", "-p", "-t", "main", "#{pane_pid}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try Self.run(["pgrep", "-P", shell]).output
    return children.split(separator: "\n").compactMap { Int32($0) }.first
  }

  /// Polls the screen every 20 ms until `condition` holds and returns the screen then, or `nil`
  /// once `timeout` seconds passed (``lastScreen`` keeps what was seen, for the failure).
  func waitFor(
    timeout: TimeInterval = 10, _ condition: ([String]) -> Bool
  ) throws -> [String]? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let screen = try self.capture()
      self.lastScreen = screen
      if condition(screen) { return screen }
      if Date() > deadline { return nil }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// The screen the last ``waitFor(timeout:_:)`` saw.
  private(set) var lastScreen: [String] = []

  /// ``lastScreen`` as one text, for failure messages.
  var lastScreenText: String { self.lastScreen.joined(separator: "\n") }

  @discardableResult
  private func tmux(_ arguments: String...) throws -> String {
    try self.tmux(arguments)
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let result = try Self.run(["tmux", "-S", self.socket, "-f", "/dev/null"] + arguments)
    guard result.status == 0 else {
      throw TmuxError(description: "tmux \(arguments.joined(separator: " ")): \(result.output)")
    }
    return result.output
  }

  /// Runs `arguments` (the first is looked up on PATH) and waits for it, returning its exit
  /// status and what it wrote to standard output and standard error.
  private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    // NB: Output goes to a file, not a pipe: the tmux server that `new-session` forks inherits
    // the client's standard output and keeps it open, so a pipe would never reach its end.
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tmux-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: file) }
    let status = try Self.spawnAndWait(arguments, output: file.path)
    let data = try Data(contentsOf: file)
    return (status, String(decoding: data, as: UTF8.self))
  }

  /// `posix_spawn` and `waitpid`, with every signal unblocked and at its default in the child.
  ///
  /// NB: Not `Process`: tests run on threads that block most signals, and a child inherits its
  /// parent's signal mask, so a tmux server started from one (and the view it runs) would never
  /// see SIGCHLD, SIGINT or SIGTERM.
  private static func spawnAndWait(_ arguments: [String], output: String) throws -> Int32 {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      throw TmuxError(description: "could not start \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw TmuxError(description: "lost \(arguments[0]): \(String(cString: strerror(errno)))")
      }
    }
    // The exit status, or 128 + the signal that ended it, as a shell reports them.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  struct TmuxError: Error, CustomStringConvertible {
    var description: String
  }
}
