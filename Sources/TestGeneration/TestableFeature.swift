import ComposableRuntime

/// A root feature an executable can generate tests for, matched by the trace header's root state
/// type: how `tca-replay test` (and a team's own executable) registers reducers.
///
/// ```swift
/// let features = [
///   TestableFeature(module: "MyApp", dependencies: "$0.apiClient = .mock") { AppFeature() }
/// ]
/// ```
public struct TestableFeature: Sendable {
  /// The root state type's name, as a trace header stores it (`String(reflecting:)`).
  public let stateType: String
  /// The module the generated test imports with `@testable import`.
  public let module: String
  /// The statements a generated test puts in `withDependencies` when the caller gives none.
  public let dependencies: String
  /// The modules a generated test imports for what `dependencies` names, when the caller gives
  /// none.
  public let imports: [String]
  /// The reducer a generated test's store runs, as a Swift expression, when the caller gives
  /// none: for a feature made with arguments (`Episodes(favorite: { _, on in on })`).
  public let reducerExpression: String
  let generate:
    @MainActor @Sendable (TestGenerator, String, TestGenerator.Options) async throws ->
      GeneratedTest
  let shrink:
    @MainActor @Sendable (
      TestGenerator, TestGenerator.ShrinkGoal, String, TestGenerator.Options
    ) async throws -> ShrunkTest

  /// Registers the feature `makeReducer` builds, declared in `module`.
  ///
  /// - Parameters:
  ///   - dependencies: the statements a generated test puts in `withDependencies`, as source.
  ///   - imports: the modules those statements need besides `module`.
  ///   - reducerExpression: what `makeReducer` builds, as source, when it passes the feature
  ///     arguments; empty for the feature's `init()`.
  ///   - prepareDependencies: the same dependencies, in Swift: generating runs the reducer with
  ///     them (for those it calls itself), and shrinking runs each candidate as its test would,
  ///     with them.
  public init<R: Reducer>(
    module: String, dependencies: String = "", imports: [String] = [],
    reducerExpression: String = "",
    withDependencies prepareDependencies: @escaping @MainActor @Sendable (inout DependencyValues)
      -> Void = { _ in },
    _ makeReducer: @escaping @MainActor @Sendable () -> R
  ) where R.State: Codable & Equatable, R.Action: Codable {
    self.stateType = String(reflecting: R.State.self)
    self.module = module
    self.dependencies = dependencies
    self.imports = imports
    self.reducerExpression = reducerExpression
    self.generate = { generator, name, options in
      try await generator.generate(
        makeReducer(), testName: name, module: module, options: options,
        withDependencies: prepareDependencies)
    }
    self.shrink = { generator, goal, name, options in
      try await generator.shrink(
        makeReducer(), goal: goal, testName: name, module: module, options: options,
        withDependencies: prepareDependencies)
    }
  }
}

extension TestableFeature {
  /// `options` with what the caller left empty (dependencies, imports, reducer expression) as
  /// this feature was registered.
  func filling(_ options: TestGenerator.Options) -> TestGenerator.Options {
    var options = options
    if options.dependencies.isEmpty { options.dependencies = self.dependencies }
    if options.imports.isEmpty { options.imports = self.imports }
    if options.reducerExpression.isEmpty { options.reducerExpression = self.reducerExpression }
    return options
  }
}

extension TestGenerator {
  /// Generates the test with the one of `features` whose root state type the trace records.
  ///
  /// - Throws: a one-line ``TestGenerationError`` when none of `features` is the recorded one.
  @MainActor
  public func generate(
    features: [TestableFeature], testName: String = "recordedSession",
    options: Options = Options()
  ) async throws -> GeneratedTest {
    let feature = try self.feature(in: features)
    return try await feature.generate(self, testName, feature.filling(options))
  }

  /// Shrinks the recording with the one of `features` whose root state type the trace records.
  @MainActor
  public func shrink(
    features: [TestableFeature], goal: ShrinkGoal, testName: String = "recordedSession",
    options: Options = Options()
  ) async throws -> ShrunkTest {
    let feature = try self.feature(in: features)
    return try await feature.shrink(self, goal, testName, feature.filling(options))
  }

  /// The one of `features` whose root state type the trace records: whose module the test
  /// imports.
  ///
  /// - Throws: a one-line ``TestGenerationError`` when none of `features` is the recorded one.
  public func feature(in features: [TestableFeature]) throws -> TestableFeature {
    let recorded = self.replay.recordedStateType
    guard let feature = features.first(where: { $0.stateType == recorded }) else {
      let known = features.map(\.stateType).joined(separator: ", ")
      throw TestGenerationError(
        "\(self.path): records \(recorded); this executable generates tests for "
          + (known.isEmpty ? "no feature" : known)
          + "; generate it with `swift package tca-replay` in the package that declares it, or an "
          + "executable that registers that feature (TestableFeatures)")
    }
    return feature
  }
}
