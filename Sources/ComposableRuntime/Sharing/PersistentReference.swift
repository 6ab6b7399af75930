import Foundation
import IssueReporting

/// The reference of a value kept under a key: loaded from it when first declared, saved to it on
/// every change, and told by it of changes from outside.
final class PersistentReference<Key: SharedReaderKey>: SharedReference, @unchecked Sendable {
  typealias Value = Key.Value

  // NB: @unchecked: the mutable fields are only touched under `lock`.
  let key: Key
  private let lock = NSRecursiveLock()
  // NB: Not checked for exclusive access: an operation passed to `withLock` may read the value it
  // is changing, through this reference or one derived from it (`$syncUps.withLock { _ =
  // $0.remove(id: state.syncUp.id) }`, with `syncUp` derived from `$syncUps[id:]`), and reads
  // it as it stands. The lock, recursive, still keeps other threads out.
  @exclusivity(unchecked) private var value: Value
  private var _isLoading = false
  private var _loadError: (any Error)?
  private var _saveError: (any Error)?
  private var subscription: SharedSubscription?
  /// Run when the last `Shared` of the key is released, to forget the key.
  var onDeinit: (@Sendable () -> Void)?
  /// How a built-in key that saves at once and cannot fail saves, without a continuation.
  private let saveImmediately: (@Sendable (Value) -> Void)?
  /// Whether `saveImmediately` runs only when the reference is released.
  private let savesOnRelease: Bool

  init(key: Key, value initialValue: Value, skipInitialLoad: Bool) {
    self.key = key
    self.value = initialValue
    if let immediate = key as? any ImmediateSharedKey<Value> {
      self.saveImmediately = { immediate.saveImmediately($0) }
      self.savesOnRelease = immediate.savesOnRelease
    } else {
      self.saveImmediately = nil
      self.savesOnRelease = false
    }
    let callback: @Sendable (Result<Value?, any Error>) -> Void = { [weak self] result in
      self?.receive(result, initialValue: initialValue, source: .key)
    }
    if !skipInitialLoad {
      self._isLoading = true
      key.load(
        context: .initialValue(initialValue),
        continuation: LoadContinuation("\(key)") { [weak self] result in
          self?.receive(result, initialValue: initialValue, source: .load)
        })
    }
    self.subscription = key.subscribe(
      context: skipInitialLoad ? .userInitiated : .initialValue(initialValue),
      subscriber: SharedSubscriber(
        callback: callback,
        onLoading: { [weak self] isLoading in
          guard let self else { return }
          self.lock.withLock { self._isLoading = isLoading }
        }))
  }

  deinit {
    self.subscription?.cancel()
    if self.savesOnRelease { self.saveImmediately?(self.value) }
    self.onDeinit?()
  }

  var root: AnyObject { self }
  func value(atRoot rootValue: Any) -> Value? { rootValue as? Value }
  var identity: AnyHashable { ObjectIdentifier(self) }
  var wrappedValue: Value { self.lock.withLock { self.value } }
  var isLoading: Bool { self.lock.withLock { self._isLoading } }
  var loadError: (any Error)? { self.lock.withLock { self._loadError } }
  var snapshot: Value? { SharedSnapshots.current.snapshot(of: self) }

  func load() async throws {
    self.lock.withLock { self._isLoading = true }
    defer { self.lock.withLock { self._isLoading = false } }
    do {
      let loaded: Value?? = try await withUnsafeThrowingContinuation { continuation in
        self.key.load(
          context: .userInitiated,
          continuation: LoadContinuation("\(self.key)") { continuation.resume(with: $0.map { $0 }) }
        )
      }
      let observed = SharedChangeObservers.isObserved
      if observed { SharedChangeObservers.willChange(self) }
      self.lock.withLock {
        if case .some(.some(let value)) = loaded { self.value = value }
        self._loadError = nil
      }
      if observed { SharedChangeObservers.didChange(self, source: .load) }
    } catch {
      self.lock.withLock { self._loadError = error }
      throw error
    }
  }

  /// Takes a value the key loaded or was told of.
  private func receive(
    _ result: Result<Value?, any Error>, initialValue: Value, source: SharedChangeSource
  ) {
    switch result {
    case .success(let newValue):
      let observed = SharedChangeObservers.isObserved
      if observed { SharedChangeObservers.willChange(self) }
      self.lock.withLock {
        self._isLoading = false
        self._loadError = nil
        self.value = newValue ?? initialValue
      }
      if observed { SharedChangeObservers.didChange(self, source: source) }
    case .failure(let error):
      self.lock.withLock {
        self._isLoading = false
        self._loadError = error
      }
      // NB: Unlike swift-sharing, which stays quiet in tests, a load that fails is always an
      // issue: the value silently falling back to its default is how data gets lost.
      reportIssue("\(self.key) could not be loaded: \(error)")
    }
  }

  var description: String { String(describing: self.key) }
}

extension PersistentReference: MutableSharedReference where Key: SharedKey {
  var saveError: (any Error)? { self.lock.withLock { self._saveError } }

  func takeSnapshot(_ value: Value, at location: SourceLocation) {
    SharedSnapshots.current.save(value, of: self, at: location)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    let (result, newValue) = try self.lock.withLock {
      let result = try body(&self.value)
      return (result, self.value)
    }
    if let saveImmediately {
      if !self.savesOnRelease { saveImmediately(newValue) }
      return result
    }
    self.key.save(
      newValue, context: .didSet,
      continuation: SaveContinuation("\(self.key)") { [weak self] in self?.saved($0) })
    return result
  }

  func save() async throws {
    let value = self.wrappedValue
    let result: Result<Void, any Error> = await withUnsafeContinuation { continuation in
      self.key.save(
        value, context: .userInitiated,
        continuation: SaveContinuation("\(self.key)") { continuation.resume(returning: $0) })
    }
    self.lock.withLock { self._saveError = result.failure }
    try result.get()
  }

  private func saved(_ result: Result<Void, any Error>) {
    self.lock.withLock { self._saveError = result.failure }
    if let error = result.failure {
      reportIssue("\(self.key) could not be saved: \(error)")
    }
  }
}

extension PersistentReference: SharedRoot {
  var currentValue: Any { self.wrappedValue }
  var keyName: String { String(describing: self.key) }

  func replaceValue(decodingJSON data: Data) throws {
    let value = try self.decode(Value.self, from: data)
    // NB: A writable key saves the value as a write would, so that it holds what the recording's
    // key held; a read-only key only takes it.
    if let mutable = self as? any MutableSharedReference<Value> {
      Shared(reference: mutable).withLock { $0 = value }
      return
    }
    self.receive(.success(value), initialValue: value, source: .load)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    guard case .failure(let error) = self else { return nil }
    return error
  }
}
