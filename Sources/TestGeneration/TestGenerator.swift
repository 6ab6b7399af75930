import ComposableRuntime
import Foundation
import Replay
import Trace

/// Turns a recording into the `TestStore` test a person would have written, and shrinks it to the
/// inputs a predicate needs.
///
/// ```swift
/// import TestGeneration
/// let generator = try TestGenerator(path: "session.sqlite")   // one-line error if it cannot
/// let test = try await generator.generate(
///   AppFeature(), testName: "recordedSession", module: "MyApp")
/// test.source                                                   // the file's Swift source
/// let small = try await generator.shrink(AppFeature(), to: "counter.count > 10")
/// small.keptInputs                                              // [Int64]: the recorded seqs kept
/// small.test.source
/// ```
///
/// The test is exhaustive: every input sent from outside is a `send` with the state change it
/// made, every action an effect sent back a `receive` by case key path, the recorded `uuid`,
/// `date` and random values handed back in order, and a `TestClock` advanced by what the effects
/// waited. `module` is what the test imports with `@testable import`.
public struct TestGenerator: Sendable {
  /// How the test is written.
  public struct Options: Hashable, Sendable {
    /// Stop after this recorded seq (default: the whole recording).
    public var until: Int64?
    /// Swift Testing (`@Test`, the default) or XCTest.
    public var style: Style = .swiftTesting
    /// Statements for `withDependencies`, as Swift source (`$0.apiClient = .mock`): the
    /// dependencies the recorded effects call that the test cannot invent.
    public var dependencies: String = ""
    /// Modules the test imports besides the feature's, for what `dependencies` names
    /// (`["APIClient"]`).
    public var imports: [String] = []
    /// The reducer the test's store runs, as a Swift expression, for a feature made with
    /// arguments (`Episodes(favorite: { _, isFavorite in isFavorite })`); empty for the
    /// feature's `init()`.
    public var reducerExpression: String = ""

    public init(
      until: Int64? = nil, style: Style = .swiftTesting, dependencies: String = "",
      imports: [String] = [], reducerExpression: String = ""
    ) {
      self.until = until
      self.style = style
      self.dependencies = dependencies
      self.imports = imports
      self.reducerExpression = reducerExpression
    }
  }

  /// The test framework a generated test is written for.
  public enum Style: String, Hashable, Sendable, CaseIterable {
    case swiftTesting = "swift-testing"
    case xctest
  }

  /// The trace's path.
  public let path: String
  let replay: Replay
  let reader: TraceReader

  /// Opens the trace at `path`, failing with a one-line ``TestGenerationError`` when it cannot be
  /// replayed (the same rules as `Replay(path:)`).
  public init(path: String) throws {
    self.path = path
    do {
      self.replay = try Replay(path: path)
      self.reader = try TraceReader(path: path)
    } catch {
      throw TestGenerationError("\(error)")
    }
  }

  /// Writes the recording as one test of `reducer`'s feature.
  ///
  /// - Parameter prepareDependencies: the dependencies the test's `withDependencies` gives
  ///   (`options.dependencies` in Swift source), for the ones the reducer calls itself as it
  ///   runs (a permission's status): the states the test asserts are today's reducer's with them.
  /// - Throws: a one-line ``TestGenerationError`` when the trace records another feature, when
  ///   today's reducer no longer does what the recording did (the test would assert today's
  ///   behaviour, not the recording's), or when the options do not fit the trace.
  @MainActor
  public func generate<R: Reducer>(
    _ reducer: R, testName: String = "recordedSession", module: String,
    options: Options = Options(),
    withDependencies prepareDependencies: @escaping @MainActor (inout DependencyValues) -> Void = {
      _ in
    }
  ) async throws -> GeneratedTest where R.State: Codable & Equatable, R.Action: Codable {
    let session = try await self.session(
      reducer, until: options.until, withDependencies: prepareDependencies)
    var writer = try TestWriter<R>(
      session: session, testName: testName, module: module, options: options)
    writer.writeExhaustive()
    return try writer.finish()
  }
}
