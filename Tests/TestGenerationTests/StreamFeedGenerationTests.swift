import ComposableRuntime
import Foundation
import Replay
import SwiftParser
import SwiftSyntax
@testable import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the map download session lives.
let committedMapDownloadTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedMapDownloadSession.swift")

/// Where the committed generated test of the failing map download lives.
let committedMapDownloadFailureTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedMapDownloadFailure.swift")

/// Where the committed generated test of the dictation's failure lives.
let committedDictationFailureTest = committedMapDownloadFailureTest
  .deletingLastPathComponent()
  .appendingPathComponent("RecordedDictationFailure.swift")

/// Streams a test drives itself, declared in the dependencies given: the generated test declares
/// them before its store and yields what each action sent back carries, as TCA's own tests do,
/// and passes as written (GeneratedTests runs it). The session is recorded live, on a real
/// clock. Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct StreamFeedGenerationTests {
  @Test func aLiveSessionsStreamedActionsAreYieldedBeforeTheyAreReceived() async throws {
    let path = temporaryTracePath("map-download")
    try await MapDownloadSession.record(to: path)
    let result = try await Replay(path: path).run(MapDownload())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")

    let test = try await TestGenerator(path: path).generate(
      MapDownload(), testName: "recordedMapDownloadSession", module: "TestGenerationFixtures",
      options: TestGenerator.Options(dependencies: MapDownloadSession.dependencies))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedMapDownloadTest, atomically: true, encoding: .utf8)
    }
    // The streams are declared before the store, where the test can reach them.
    #expect(
      test.source.contains(
        """
          let download = AsyncThrowingStream.makeStream(of: MapDownload.Event.self)
          let (screenshots, takeScreenshot) = AsyncStream.makeStream(of: Void.self)
          let store = TestStore(
        """))
    #expect(
      test.source.contains(
        """
          await store.send(.task)
          takeScreenshot.yield()
          await store.receive(\\.screenshotTaken) {
        """))
    // The download's last event is followed by the stream's end, as its effect finished.
    #expect(
      test.source.contains(
        """
          download.continuation.yield(.finished(Data([1, 2, 3])))
          download.continuation.finish()
          await store.receive(\\.download.success, .finished(Data([1, 2, 3]))) {
        """))
    #expect(test.source.components(separatedBy: "download.continuation.finish()").count == 2)
    #expect(test.summary.streamYields == 3)
    #expect(test.summary.description.contains("3 values yielded to the streams"))
    #expect(test.source == (try String(contentsOf: committedMapDownloadTest, encoding: .utf8)))
  }

  /// A download that fails: the stream is ended with the recorded error (here of a type the
  /// test can make) before the failure is received, and the test passes as written
  /// (GeneratedTests runs it).
  @Test func aFailureSentBackEndsItsStreamWithTheRecordedError() async throws {
    let path = temporaryTracePath("map-download-failure")
    try await MapDownloadSession.recordFailure(to: path)
    let test = try await TestGenerator(path: path).generate(
      MapDownload(), testName: "recordedMapDownloadFailure", module: "TestGenerationFixtures",
      options: TestGenerator.Options(dependencies: MapDownloadSession.dependencies))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedMapDownloadFailureTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          download.continuation.finish(throwing: MapDownloadSession.DiskFull())
          await store.receive(\\.download.failure) {
        """))
    #expect(test.source.components(separatedBy: "download.continuation.finish(").count == 2)
    #expect(
      test.source == (try String(contentsOf: committedMapDownloadFailureTest, encoding: .utf8)))
  }

  /// An effect that sends back something made of each element (a transcript's text) and the
  /// stream's failure as it is: the one throwing stream the test drives is ended with that error,
  /// the typed error the reducer switches on. Recorded live, on a real clock.
  @Test func aFailureOfAnotherSuccessTypeEndsTheOneThrowingStream() async throws {
    let path = temporaryTracePath("dictation")
    try await DictationSession.record(to: path)
    let result = try await Replay(path: path).run(Dictation())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")

    let test = try await TestGenerator(path: path).generate(
      Dictation(), testName: "recordedDictationFailure", module: "TestGenerationFixtures",
      options: TestGenerator.Options(dependencies: DictationSession.dependencies))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedDictationFailureTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          utterances.continuation.finish(throwing: DictationClient.Failure.microphoneBusy)
          await store.receive(\\.heard.failure) {
        """))
    #expect(test.source == (try String(contentsOf: committedDictationFailureTest, encoding: .utf8)))
  }

  /// With two throwing streams, which one a failure of another success type came from cannot be
  /// told: neither is ended.
  @Test func aFailureOfAnotherSuccessTypeEndsNoStreamWhenTwoCouldFail() async throws {
    let path = temporaryTracePath("dictation-two-streams")
    try await DictationSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      Dictation(), testName: "dictation", module: "TestGenerationFixtures",
      options: TestGenerator.Options(
        dependencies: "let other = AsyncThrowingStream.makeStream(of: Int.self)\n"
          + DictationSession.dependencies))
    #expect(!test.source.contains("finish(throwing:"))
  }

  /// A stream the dependencies yield to themselves is theirs to drive: the test yields nothing
  /// to it.
  @Test func aStreamTheDependenciesYieldToIsLeftToThem() async throws {
    let path = temporaryTracePath("map-download-driven")
    try await MapDownloadSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      MapDownload(), testName: "mapDownload", module: "TestGenerationFixtures",
      options: TestGenerator.Options(
        dependencies: MapDownloadSession.dependencies.replacingOccurrences(
          of: "download: { download.stream }",
          with: "download: { download.continuation.yield(.progress(0.5)); "
            + "return download.stream }")))
    #expect(test.source.contains("takeScreenshot.yield()"))
    #expect(!test.source.contains("\n  download.continuation"))
    #expect(test.summary.streamYields == 1)
  }

  /// With no stream among the dependencies given, nothing is yielded.
  @Test func withoutStreamsNothingIsYielded() async throws {
    let path = temporaryTracePath("map-download-unfed")
    try await MapDownloadSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      MapDownload(), testName: "mapDownload", module: "TestGenerationFixtures")
    #expect(!test.source.contains("yield"))
    #expect(test.summary.streamYields == 0)
  }

  @Test func feedsAreTheStreamPairsDeclared() throws {
    let statements = Parser.parse(
      source: """
        let a = AsyncStream.makeStream(of: Result<Item.Event, any Error>.self)
        let (stream, pings) = AsyncStream<Void>.makeStream()
        let values = [1, 2]
        $0.items = { a.stream }
        """
    ).statements
    let (feeds, rest) = StreamFeed.feeds(in: statements)
    #expect(feeds.map(\.continuation.trimmedDescription) == ["a.continuation", "pings"])
    #expect(feeds.map(\.elementType) == ["Result<Item.Event,Error>", "()"])
    #expect(rest.map(\.trimmedDescription) == ["let values = [1, 2]", "$0.items = { a.stream }"])
  }

  /// A `Bool` answered by a permission request is no element of a stream of `Bool`; one sent as
  /// a `Result`'s success, or its failure, is.
  @Test func aPlainValueCountsOnlyAsAResultOfTheStream() throws {
    enum Probe {
      case permissionResponse(Bool)
      case didFinish(Result<Bool, any Error>)
    }
    struct Broken: Error {}
    let statement = Parser.parse(
      source: "let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)"
    ).statements
    let feed = try #require(StreamFeed.feeds(in: statement).feeds.first)
    #expect(feed.value(in: Probe.permissionResponse(true), modules: []) == nil)
    #expect(feed.value(in: Probe.didFinish(.success(true)), modules: []) as? Bool == true)
    #expect(feed.failure(in: Probe.permissionResponse(true), modules: []) == nil)
    #expect(feed.failure(in: Probe.didFinish(.failure(Broken())), modules: []) is Broken)
  }

  @Test func typeNamesAreComparedWithoutModulesAndAny() {
    #expect(
      StreamFeed.normalized(
        "Swift.Result<MyApp.Item.Event, Swift.Error>", modules: ["MyApp"])
        == "Result<Item.Event,Error>")
    #expect(
      StreamFeed.normalized("Swift.Optional<Foundation.Data>", modules: []) == "Optional<Data>")
    #expect(StreamFeed.normalized("Void", modules: []) == "()")
    #expect(StreamFeed.normalized("Other.Void", modules: []) == "Other.Void")
  }
}
