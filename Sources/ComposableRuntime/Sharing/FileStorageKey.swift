import ConcurrencyExtras
import Dependencies
import Foundation

extension SharedReaderKey {
  /// A `Codable` value kept as JSON in the file at `url`.
  ///
  /// The file is read when the value is first declared; a change is written at once, and the
  /// changes that follow within a second are written together when it ends. A file that does not
  /// decode leaves the default in use, reports an issue, and is kept: it is moved aside (to
  /// `name.unreadable`) before the first write, never overwritten.
  ///
  /// ```swift
  /// @Shared(.fileStorage(URL.documentsDirectory.appending(path: "items.json")))
  /// var items: [Item] = []
  /// ```
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    nonisolated(unsafe) let decoder = decoder ?? JSONDecoder()
    nonisolated(unsafe) let encoder = encoder ?? FileStorageKey<Value>.defaultEncoder
    return .fileStorage(
      url, decode: { try decoder.decode(Value.self, from: $0) }, encode: { try encoder.encode($0) })
  }

  /// A value kept in the file at `url`, read and written by the given functions.
  ///
  /// ```swift
  /// @Shared(.fileStorage(url, decode: { String(decoding: $0, as: UTF8.self) },
  ///                      encode: { Data($0.utf8) }))
  /// var notes = ""
  /// ```
  public static func fileStorage<Value>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// The key of `.fileStorage(url)`: a value in a file of the `defaultFileStorage` dependency.
///
/// ```swift
/// let key: FileStorageKey<[Item]> = .fileStorage(url)
/// ```
public final class FileStorageKey<Value: Sendable>: SharedKey {
  /// How long after a write the changes that follow are held, to be written together.
  public static var writePause: Duration { .seconds(1) }

  private let storage: FileStorage
  private let url: URL
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data
  private let state = LockIsolated(WriteState())

  /// The writes in progress: whether a pause is running, and the latest change it holds.
  private struct WriteState {
    var pause: Int?
    var nextPause = 0
    var pending: Value?
    var continuations: [SaveContinuation] = []
    /// The file on disk did not decode: it is moved aside before anything overwrites it.
    var isUnreadable = false

    /// Ends the pause, returning the continuations of the changes it held.
    mutating func endPause() -> [SaveContinuation] {
      defer {
        self.pause = nil
        self.pending = nil
        self.continuations = []
      }
      return self.continuations
    }
  }

  init(
    url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.storage = storage
    self.url = url
    self.decode = decode
    self.encode = encode
  }

  /// The file and the storage: keys of one file in one storage share a value.
  public var id: FileStorageKeyID { FileStorageKeyID(url: self.url, storage: self.storage) }

  /// Reads and decodes the file; no file, or an empty one, means the initial value.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    guard self.storage.fileExists(self.url) else {
      continuation.resumeReturningInitialValue()
      return
    }
    do {
      let data = try self.storage.load(self.url)
      guard !data.isEmpty else {
        continuation.resumeReturningInitialValue()
        return
      }
      let value = try self.decode(data)
      self.state.withValue { $0.isUnreadable = false }
      continuation.resume(returning: value)
    } catch {
      self.state.withValue { $0.isUnreadable = true }
      continuation.resume(
        throwing: FileStorageError.undecodable(
          url: self.url, valueType: Value.self, underlying: error))
    }
  }

  // NB: swift-sharing watches the file with a dispatch source, which Linux lacks; a change made to
  // the file by another process is read at the next load.
  /// Changes made to the file from outside are read at the next load.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Writes the value: at once, or, within a pause after a write, together with the changes that
  /// follow it when the pause ends. `$shared.save()` writes at once and ends the pause.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    guard let sleep = self.storage.sleep, context == .didSet else {
      // NB: The changes a cancelled pause held are written by this save, which is newer.
      let held = self.state.withValue { $0.endPause() }
      let result = self.write(value)
      continuation.resume(with: result)
      for continuation in held { continuation.resume(with: result) }
      return
    }
    let startsPause: Int? = self.state.withValue { state in
      guard state.pause == nil else {
        state.pending = value
        state.continuations.append(continuation)
        return nil
      }
      state.nextPause += 1
      state.pause = state.nextPause
      return state.nextPause
    }
    guard let pause = startsPause else { return }
    continuation.resume(with: self.write(value))
    // NB: The task holds the key, so the last changes are written even if every `Shared` of the
    // key is released during the pause.
    Task { [self] in
      try? await sleep(Self.writePause)
      self.endPause(pause)
    }
  }

  private func endPause(_ pause: Int) {
    // NB: Written under the lock, so that a change arriving meanwhile is written after this one.
    let ended: (Result<Void, any Error>, [SaveContinuation])? = self.state.withValue { state in
      guard state.pause == pause else { return nil }
      let result = state.pending.map(self.write) ?? .success(())
      return (result, state.endPause())
    }
    guard let (result, continuations) = ended else { return }
    for continuation in continuations { continuation.resume(with: result) }
  }

  private func write(_ value: Value) -> Result<Void, any Error> {
    let data: Data
    do {
      data = try self.encode(value)
    } catch {
      return .failure(FileStorageError.unwritable(url: self.url, underlying: error))
    }
    return self.state.withValue { state in
      if state.isUnreadable, self.storage.fileExists(self.url) {
        do {
          _ = try self.storage.moveAside(self.url)
        } catch {
          return .failure(FileStorageError.notMovedAside(url: self.url, underlying: error))
        }
      }
      state.isUnreadable = false
      return Result { try self.storage.save(data, self.url) }
        .mapError { FileStorageError.unwritable(url: self.url, underlying: $0) }
    }
  }

  static var defaultEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return encoder
  }
}

extension FileStorageKey: CustomStringConvertible {
  /// `.fileStorage("/path/items.json")`.
  public var description: String { ".fileStorage(\(String(reflecting: self.url.path)))" }
}

/// What makes two ``FileStorageKey``s share a value.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: FileStorage
}
