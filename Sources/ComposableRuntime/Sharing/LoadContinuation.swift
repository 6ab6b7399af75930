import Foundation
import IssueReporting

/// How a key hands back a value it loaded: resume it exactly once.
///
/// ```swift
/// func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///   continuation.resume(returning: 42)
/// }
/// ```
public struct LoadContinuation<Value>: Sendable {
  private let once: ResumeOnce<Value?>

  /// Makes a continuation that calls `callback` with the result; `description` names the key in
  /// the issue reported when it is resumed twice or never.
  ///
  /// ```swift
  /// LoadContinuation("counter") { result in print(result) }
  /// ```
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.once = ResumeOnce(description: description, callback: callback)
  }

  /// Resumes with a loaded value.
  ///
  /// ```swift
  /// continuation.resume(returning: 42)
  /// ```
  public func resume(returning value: Value) {
    self.resume(with: .success(value))
  }

  /// Resumes with the error that stopped the load.
  ///
  /// ```swift
  /// continuation.resume(throwing: CocoaError(.fileReadCorruptFile))
  /// ```
  public func resume(throwing error: any Error) {
    self.resume(with: .failure(error))
  }

  /// Resumes saying there is nothing stored: the `Shared` keeps its initial value.
  ///
  /// ```swift
  /// continuation.resumeReturningInitialValue()
  /// ```
  public func resumeReturningInitialValue() {
    self.resume(with: .success(nil))
  }

  /// Resumes with a result: a value, `nil` for the initial value, or an error.
  ///
  /// ```swift
  /// continuation.resume(with: Result { try decode(data) })
  /// ```
  public func resume(with result: Result<Value?, any Error>) {
    self.once.resume(with: result)
  }
}

/// How a key says a save is done: resume it exactly once.
///
/// ```swift
/// func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
///   store(value)
///   continuation.resume()
/// }
/// ```
public struct SaveContinuation: Sendable {
  private let once: ResumeOnce<Void>

  /// Makes a continuation that calls `callback` with the result.
  ///
  /// ```swift
  /// SaveContinuation("counter") { result in print(result) }
  /// ```
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.once = ResumeOnce(description: description, callback: callback)
  }

  /// Resumes saying the value is saved.
  ///
  /// ```swift
  /// continuation.resume()
  /// ```
  public func resume() {
    self.resume(with: .success(()))
  }

  /// Resumes with the error that stopped the save.
  ///
  /// ```swift
  /// continuation.resume(throwing: error)
  /// ```
  public func resume(throwing error: any Error) {
    self.resume(with: .failure(error))
  }

  /// Resumes with a result.
  ///
  /// ```swift
  /// continuation.resume(with: Result { try data.write(to: url) })
  /// ```
  public func resume(with result: Result<Void, any Error>) {
    self.once.resume(with: result)
  }
}

/// Calls a callback once; a second resume, or none before it is released, is an issue.
private final class ResumeOnce<Success>: @unchecked Sendable {
  // NB: @unchecked: `callback` is only touched under `lock`. A plain lock rather than
  // `LockIsolated`: one continuation is made per change to a shared value.
  private let lock = NSLock()
  private var callback: (@Sendable (Result<Success, any Error>) -> Void)?
  private let description: @Sendable () -> String

  init(
    description: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Success, any Error>) -> Void
  ) {
    self.description = description
    self.callback = callback
  }

  deinit {
    if self.callback != nil {
      reportIssue("\(self.name) was released without being resumed.")
    }
  }

  func resume(with result: Result<Success, any Error>) {
    let callback = self.lock.withLock {
      defer { self.callback = nil }
      return self.callback
    }
    guard let callback else {
      reportIssue("\(self.name) was resumed more than once.")
      return
    }
    callback(result)
  }

  private var name: String {
    let description = self.description()
    return description.isEmpty
      ? "A shared key's continuation" : "The continuation of \(description)"
  }
}
