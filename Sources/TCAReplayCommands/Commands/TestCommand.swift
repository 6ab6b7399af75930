import ArgumentParser
import Foundation
import TestGeneration
import Trace

/// The root features an executable generates tests for: the shipped `tca-replay` registers the
/// demo app's, a team's own executable its own.
///
/// ```swift
/// enum MyFeatures: TestableFeatures {
///   static var testableFeatures: [TestableFeature] {
///     [TestableFeature(module: "MyApp") { AppFeature() }]
///   }
/// }
/// ```
public protocol TestableFeatures {
  /// The features, matched against a trace header's root state type.
  static var testableFeatures: [TestableFeature] { get }
}

extension TCAReplay {
  /// `tca-replay test TRACE [--until SEQ] [--name NAME] [--style swift-testing|xctest] [-o FILE]
  /// [--dependencies 'STATEMENTS'] [--import MODULE]… [--reducer-expression 'EXPRESSION']
  /// [--shrink-to 'PREDICATE'] [--shrink-to-issue]`: writes the
  /// recording as one `TestStore` test, and on standard error its summary and the `Package.swift`
  /// lines its test target needs.
  public struct TestCommand<Features: TestableFeatures>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "test",
        abstract: "Write a recording as a TestStore test, or shrink it to the inputs that matter.",
        discussion: """
          Every input sent from outside becomes a `send` with the state change it made, every \
          action an effect sent back a `receive`; the recorded uuid, date and random values are \
          handed back and a TestClock is advanced by what the effects waited. A summary and the \
          Package.swift lines the test target needs go to standard error. --shrink-to keeps the \
          fewest inputs under which today's reducer still reaches PREDICATE and ends the test \
          with #expect of its negation.
          """)
    }

    @Argument(help: "The trace (a .sqlite file written by the recorder).")
    var trace: String

    // NB: `.unconditional`, so that `--until -5` is a value to check, not a flag named 5.
    @Option(parsing: .unconditional, help: "Stop after this recorded seq.")
    var until: Int64?

    @Option(help: "The test's name (a Swift identifier).")
    var name: String = "recordedSession"

    @Option(help: "swift-testing (the default) or xctest.")
    var style: StyleArgument = .swiftTesting

    @Option(name: .shortAndLong, help: "Write the test to FILE instead of standard output.")
    var output: String?

    @Option(help: "Statements for withDependencies, as Swift ('$0.apiClient = .mock').")
    var dependencies: String?

    @Option(
      name: .customLong("import"),
      help: "A module the test imports for what --dependencies names (repeatable).")
    var imports: [String] = []

    @Option(
      help: ArgumentHelp(
        "The reducer the test's store runs, as Swift, for a feature made with arguments "
          + "('Episodes(favorite: { _, on in on })'); the feature's init() by default."))
    var reducerExpression: String?

    @Option(help: "Shrink to the fewest inputs under which the state reaches PREDICATE.")
    var shrinkTo: String?

    @Flag(help: "Shrink to the fewest inputs under which the runtime still reports an issue.")
    var shrinkToIssue = false

    /// The styles as the command line spells them.
    enum StyleArgument: String, ExpressibleByArgument, CaseIterable {
      case swiftTesting = "swift-testing"
      case xctest

      var style: TestGenerator.Style { self == .swiftTesting ? .swiftTesting : .xctest }
    }

    public init() {}

    public func validate() throws {
      if self.shrinkTo != nil, self.shrinkToIssue {
        throw ValidationError("expected one of --shrink-to and --shrink-to-issue, found both")
      }
      if let predicate = self.shrinkTo {
        do {
          _ = try StatePredicate(parsing: predicate)
        } catch {
          throw CommandError("\(error)")
        }
      }
      if let until = self.until, until < 1 {
        throw ValidationError("expected --until to be a seq (1 or more), found \(until)")
      }
    }

    @MainActor
    public func run() async throws {
      let test: GeneratedTest
      let feature: TestableFeature
      do {
        let generator = try TestGenerator(path: self.trace)
        feature = try generator.feature(in: Features.testableFeatures)
        let options = TestGenerator.Options(
          until: self.until, style: self.style.style, dependencies: self.dependencies ?? "",
          imports: self.imports, reducerExpression: self.reducerExpression ?? "")
        test = try await self.generate(generator, options: options)
      } catch let error as TestGenerationError {
        throw CommandError(error.description)
      }
      if let output = self.output {
        do {
          try test.source.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
          throw CommandError("cannot write the test to \(output): \(error.localizedDescription)")
        }
      } else {
        print(test.source, terminator: "")
      }
      CommandLineTool.printError(test.summary.description)
      CommandLineTool.printError(
        TestTargetDependencies(featureModule: feature.module).description)
    }

    @MainActor
    private func generate(
      _ generator: TestGenerator, options: TestGenerator.Options
    ) async throws -> GeneratedTest {
      let goal: TestGenerator.ShrinkGoal? =
        if let predicate = self.shrinkTo { .predicate(predicate) } else if self.shrinkToIssue {
          .issue
        } else { nil }
      guard let goal else {
        return try await generator.generate(
          features: Features.testableFeatures, testName: self.name, options: options)
      }
      let shrunk = try await generator.shrink(
        features: Features.testableFeatures, goal: goal, testName: self.name, options: options)
      CommandLineTool.printError(
        "kept \(shrunk.keptInputs.count) of \(shrunk.recordedInputs) inputs sent from outside "
          + "(\(shrunk.keptInputs.map { "#\($0)" }.joined(separator: ", "))) after "
          + "\(shrunk.candidateReplays) candidate replays, \(shrunk.liveRuns) of them run as the "
          + "test runs them")
      return shrunk.test
    }
  }
}
