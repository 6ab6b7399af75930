import Foundation

/// Awaits `operation` until it ends or the test is cancelled, whichever comes first: when the
/// test's `.timeLimit` passes, a wait the runtime cannot cancel (a save or a load awaiting its
/// continuation) throws `CancellationError`, and the test fails instead of hanging the run.
///
/// ```swift
/// @Test(.timeLimit(.minutes(1))) func save() async throws {
///   try await waitingCancellably { try await count.save() }
/// }
/// ```
///
/// NB: An operation that never ends is left suspended; the test process still exits.
func waitingCancellably(_ operation: @escaping @Sendable () async throws -> Void) async throws {
  let waiter = Waiter()
  try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      waiter.start(continuation)
      Task {
        do {
          try await operation()
          waiter.end(.success(()))
        } catch {
          waiter.end(.failure(error))
        }
      }
    }
  } onCancel: {
    waiter.end(.failure(CancellationError()))
  }
}

/// Resumes a continuation once, with whichever result comes first, even one that comes before
/// the continuation does.
private final class Waiter: @unchecked Sendable {
  // NB: @unchecked: `state` is touched under `lock` alone.
  private enum State {
    case waiting
    case started(CheckedContinuation<Void, any Error>)
    case ended(Result<Void, any Error>)
    case resumed
  }

  private let lock = NSLock()
  private var state = State.waiting

  func start(_ continuation: CheckedContinuation<Void, any Error>) {
    let early: Result<Void, any Error>? = self.lock.withLock {
      guard case let .ended(result) = self.state else {
        self.state = .started(continuation)
        return nil
      }
      self.state = .resumed
      return result
    }
    if let early { continuation.resume(with: early) }
  }

  func end(_ result: Result<Void, any Error>) {
    let continuation: CheckedContinuation<Void, any Error>? = self.lock.withLock {
      switch self.state {
      case .waiting:
        self.state = .ended(result)
        return nil
      case let .started(continuation):
        self.state = .resumed
        return continuation
      case .ended, .resumed:
        return nil
      }
    }
    continuation?.resume(with: result)
  }
}
