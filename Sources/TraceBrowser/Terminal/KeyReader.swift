import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads standard input on its own thread and hands on the keys parsed from each read.
final class KeyReader: @unchecked Sendable {
  private let stopped = NSLock()
  private var isStopped = false

  /// Starts reading; `onKeys` is called on the reading thread with the keys of each read.
  init(onKeys: @escaping @Sendable ([Key]) -> Void) {
    let thread = Thread { [self] in
      var parser = KeyParser()
      var buffer = [UInt8](repeating: 0, count: 256)
      while !self.shouldStop {
        // NB: poll with a timeout rather than a blocking read, so `stop()` ends the thread
        // instead of leaving it to eat the shell's next input.
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 100)
        guard ready > 0 else {
          if ready < 0, errno != EINTR { return }
          continue
        }
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        let keys = parser.keys(from: buffer[0..<count])
        if !keys.isEmpty { onKeys(keys) }
      }
    }
    thread.name = "tca-replay keys"
    thread.start()
  }

  private var shouldStop: Bool {
    self.stopped.lock()
    defer { self.stopped.unlock() }
    return self.isStopped
  }

  /// Stops reading within a tenth of a second.
  func stop() {
    self.stopped.lock()
    self.isStopped = true
    self.stopped.unlock()
  }
}
