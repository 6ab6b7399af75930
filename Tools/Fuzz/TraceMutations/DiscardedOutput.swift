import Foundation

/// Runs `body` with the process's standard output sent to /dev/null, so commands run in process
/// print nothing, then puts standard output back.
public func withStandardOutputDiscarded<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async rethrows -> T {
  // NB: `fflush(nil)` flushes every C stream, so nothing buffered before or during the call
  // lands on the wrong side of the switch.
  fflush(nil)
  let saved = dup(STDOUT_FILENO)
  let null = open("/dev/null", O_WRONLY)
  dup2(null, STDOUT_FILENO)
  close(null)
  defer {
    fflush(nil)
    dup2(saved, STDOUT_FILENO)
    close(saved)
  }
  return try await body()
}
