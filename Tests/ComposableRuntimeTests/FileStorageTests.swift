import Foundation
import Testing

@testable import ComposableRuntime

@Suite struct FileStorageTests {
  struct Item: Codable, Equatable, Sendable {
    var title: String
  }

  let url = URL(fileURLWithPath: "/documents/items.json")

  /// A fresh directory under the system's temporary one, removed by the caller.
  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FileStorageTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func writesJSONAndReadsItBackOnTheNextStart() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("items.json")
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      do {
        @Shared(.fileStorage(url)) var items: [Item] = []
        $items.withLock { $0.append(Item(title: "Milk")) }
      }
      let written = try? JSONDecoder().decode([Item].self, from: Data(contentsOf: url))
      #expect(written == [Item(title: "Milk")])
    }
    // A new app run: new references, same file.
    withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0[PersistentReferences.self] = PersistentReferences()
    } operation: {
      @Shared(.fileStorage(url)) var items: [Item] = []
      #expect(items == [Item(title: "Milk")])
    }
  }

  @Test func testsUseInMemoryFilesByDefault() {
    @Shared(.fileStorage(URL(fileURLWithPath: "/nonexistent/dir/items.json"))) var items: [Item] =
      []
    $items.withLock { $0 = [Item(title: "a")] }
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/dir/items.json"))
    @Shared(.fileStorage(URL(fileURLWithPath: "/nonexistent/dir/items.json"))) var again: [Item] =
      []
    #expect(again == [Item(title: "a")])
  }

  /// NB: On the main serial executor, as TCA's tests run effects: the task that waits out the
  /// pause must be asleep on the test clock before the clock advances, whatever the load.
  @MainActor
  @Test(.timeLimit(.minutes(1)))
  func aBurstOfChangesIsWrittenTwice() async throws {
    await withMainSerialExecutor {
      let clock = TestClock()
      let files = LockIsolated<[URL: Data]>([:])
      let writes = LockIsolated(0)
      let storage = FileStorage.inMemory(
        files: files, sleep: { try await clock.sleep(for: $0) },
        didSave: { _ in writes.withValue { $0 += 1 } })
      let count = withDependencies {
        $0.defaultFileStorage = storage
      } operation: {
        Shared(wrappedValue: 0, .fileStorage(self.url))
      }
      for _ in 1...100 { count.withLock { $0 += 1 } }
      // The first change is written at once; the 99 that follow wait for the pause to end.
      #expect(writes.value == 1)
      #expect(files.value[self.url] == Data("1".utf8))
      await clock.advance(by: .milliseconds(999))
      #expect(writes.value == 1)
      await clock.advance(by: .milliseconds(1))
      #expect(writes.value == 2)
      #expect(files.value[self.url] == Data("100".utf8))
      // A later change starts a new pause with a write of its own.
      count.withLock { $0 += 1 }
      #expect(writes.value == 3)
      await clock.run()
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func saveWritesAtOnceAndEndsThePause() async throws {
    let clock = TestClock()
    let files = LockIsolated<[URL: Data]>([:])
    let storage = FileStorage.inMemory(files: files, sleep: { try await clock.sleep(for: $0) })
    let count = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(self.url))
    }
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }
    #expect(files.value[self.url] == Data("1".utf8))
    try await waitingCancellably { try await count.save() }
    #expect(files.value[self.url] == Data("2".utf8))
    await clock.run()
    #expect(files.value[self.url] == Data("2".utf8))
  }

  @Test func aFileThatIsNotJSONIsReportedKeptAndMovedAsideBeforeTheFirstWrite() {
    let files = LockIsolated<[URL: Data]>([self.url: Data("not json".utf8)])
    withDependencies {
      $0.defaultFileStorage = .inMemory(files: files, sleep: nil)
    } operation: {
      var declared: Shared<[Item]>?
      withKnownIssue {
        declared = Shared(wrappedValue: [Item(title: "default")], .fileStorage(self.url))
      } matching: {
        $0.description.contains("/documents/items.json does not hold Array<Item> as JSON")
      }
      let items = declared!
      #expect(items.wrappedValue == [Item(title: "default")])
      #expect(items.loadError is FileStorageError)
      // Nothing is written until the value changes: the file is as it was.
      #expect(files.value == [self.url: Data("not json".utf8)])
      items.withLock { $0.append(Item(title: "new")) }
      let aside = URL(fileURLWithPath: "/documents/items.json.unreadable")
      #expect(files.value[aside] == Data("not json".utf8))
      let written = files.value[self.url].flatMap {
        try? JSONDecoder().decode([Item].self, from: $0)
      }
      #expect(written == [Item(title: "default"), Item(title: "new")])
    }
  }

  @Test func aFileMovedAsideDoesNotReplaceAnEarlierOne() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("items.json")
    try Data("{".utf8).write(to: url)
    try Data("older".utf8).write(to: directory.appendingPathComponent("items.json.unreadable"))
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      var items: Shared<[Item]>?
      withKnownIssue {
        items = Shared(wrappedValue: [Item](), .fileStorage(url))
      } matching: { _ in
        true
      }
      items?.withLock { $0 = [Item(title: "a")] }
    }
    let older = try Data(contentsOf: directory.appendingPathComponent("items.json.unreadable"))
    let bad = try Data(contentsOf: directory.appendingPathComponent("items.json.unreadable-2"))
    #expect(older == Data("older".utf8))
    #expect(bad == Data("{".utf8))
  }

  @Test func aDirectoryThatCannotBeWrittenIsAnIssueAndTheValueIsKept() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A regular file where the directory should be: nothing can be written under it, even as root.
    let blocker = directory.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("items.json")
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let items = Shared(wrappedValue: [Item](), .fileStorage(url))
      withKnownIssue {
        items.withLock { $0 = [Item(title: "kept")] }
      } matching: {
        $0.description.contains("blocker/items.json could not be written")
      }
      #expect(items.wrappedValue == [Item(title: "kept")])
      #expect(items.saveError is FileStorageError)
    }
    #expect(try Data(contentsOf: blocker) == Data("x".utf8))
  }

  @Test(.timeLimit(.minutes(1)))
  func loadReadsTheFileAgain() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    try await withDependencies {
      $0.defaultFileStorage = .inMemory(files: files, sleep: nil)
    } operation: {
      let items = Shared(wrappedValue: [Item](), .fileStorage(self.url))
      files.withValue { $0[self.url] = try! JSONEncoder().encode([Item(title: "outside")]) }
      #expect(items.wrappedValue == [])
      try await waitingCancellably { try await items.load() }
      #expect(items.wrappedValue == [Item(title: "outside")])
    }
  }
}
