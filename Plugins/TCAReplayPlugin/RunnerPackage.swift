import Foundation
import PackagePlugin

/// The package the plugin builds its runner in, in the plugin's work directory: an executable
/// that depends on the user's package and on tca-replay, and registers one feature (or none, to
/// read a trace's header first).
struct RunnerPackage {
  let directory: URL
  /// The user's package, and how the runner's manifest reaches tca-replay.
  let root: Package
  let tcaReplay: String
  /// tca-replay's identity in the graph (the last component of its path or URL).
  let tcaReplayIdentity: String

  static let executable = "tca-replay-runner"

  init(directory: URL, root: Package) throws {
    self.directory = directory
    self.root = root
    let tcaReplay = try Self.tcaReplayPackage(of: root)
    self.tcaReplay = try Self.dependency(on: tcaReplay)
    self.tcaReplayIdentity = tcaReplay.id
  }

  /// The built runner.
  var binary: URL {
    self.directory.appendingPathComponent(".build/debug/\(Self.executable)")
  }

  /// tca-replay among `root` and its dependencies: the package with the commands.
  static func tcaReplayPackage(of root: Package) throws -> Package {
    let packages = [root] + FeatureLocation.dependencies(of: root)
    guard
      let tcaReplay = packages.first(where: { package in
        package.products.contains { $0.name == "TCAReplayCommands" }
      })
    else {
      throw PluginFailure("expected package '\(root.displayName)' to depend on tca-replay; found no TCAReplayCommands product")
    }
    return tcaReplay
  }

  /// The `.package(…)` line that reaches `package` as the user's package does: the same path, or
  /// the same repository at the revision it resolved, so the two never disagree.
  static func dependency(on package: Package) throws -> String {
    switch package.origin {
    case .root:
      return ".package(path: \(literal(package.directoryURL.path)))"
    case let .local(path):
      return ".package(path: \(literal(path)))"
    case let .repository(url, _, revision):
      return ".package(url: \(literal(url)), revision: \(literal(revision)))"
    case .registry:
      throw PluginFailure(
        "expected '\(package.displayName)' from a path or a git repository; found it from a registry, which the runner cannot reach the same way"
      )
    @unknown default:
      throw PluginFailure(
        "expected '\(package.displayName)' from a path or a git repository; found an origin this plugin does not know"
      )
    }
  }

  /// Writes the manifest and `main.swift` for `feature` (nil: the standard commands alone), and
  /// the package's dependencies file beside them (or removes an old copy), only where they
  /// changed, so that building again is a no-op when nothing did.
  func write(feature: FeatureLocation?, dependencies: DependenciesFile?) throws {
    let sources = self.directory.appendingPathComponent("Sources/\(Self.executable)")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Self.update(
      self.directory.appendingPathComponent("Package.swift"),
      to: try self.manifest(feature, hasDependenciesFile: dependencies != nil))
    try Self.update(sources.appendingPathComponent("main.swift"), to: Self.main(feature, dependencies))
    let copy = sources.appendingPathComponent("Dependencies.swift")
    if let dependencies {
      try Self.update(copy, to: dependencies.source)
    } else if FileManager.default.fileExists(atPath: copy.path) {
      try FileManager.default.removeItem(at: copy)
    }
  }

  private func manifest(_ feature: FeatureLocation?, hasDependenciesFile: Bool) throws -> String {
    var packages = [self.tcaReplay]
    var products = ["TCAReplayCommands", "Replay", "TestGeneration", "ComposableRuntime"].map {
      ".product(name: \(literal($0)), package: \(literal(self.tcaReplayIdentity)))"
    }
    if let feature {
      if feature.owner.id != self.tcaReplayIdentity {
        packages.append(try Self.dependency(on: feature.owner))
      }
      products.append(
        ".product(name: \(literal(feature.product)), package: \(literal(feature.owner.id)))")
      // NB: The dependencies file may import any library of the user's package, whichever
      // package's feature the trace is of.
      if hasDependenciesFile && feature.owner.id != self.root.id {
        if self.root.id != self.tcaReplayIdentity {
          packages.append(try Self.dependency(on: self.root))
        }
        products += self.root.products.filter { $0 is LibraryProduct }.map {
          ".product(name: \(literal($0.name)), package: \(literal(self.root.id)))"
        }
      }
    }
    return """
      // swift-tools-version: 6.1
      // Written by `swift package tca-replay`; rewritten when what it names changes.
      import PackageDescription

      let package = Package(
        name: "tca-replay-runner",
        platforms: [.macOS(.v13), .iOS(.v16)],
        dependencies: [
          \(packages.joined(separator: ",\n    "))
        ],
        targets: [
          .executableTarget(
            name: "\(Self.executable)",
            dependencies: [
              \(products.joined(separator: ",\n        "))
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
          )
        ]
      )

      """
  }

  private static func main(_ feature: FeatureLocation?, _ dependencies: DependenciesFile?) -> String {
    guard let feature else {
      return """
        // Written by `swift package tca-replay`: the standard commands, to read a trace's header.
        import TCAReplayCommands

        await CommandLineTool.main(TCAReplay.self)

        """
    }
    let prepare = dependencies == nil ? "{ _ in }" : "{ prepareDependencies(&$0) }"
    let make = feature.isEnum ? "\(feature.reducer).body" : "\(feature.reducer)()"
    return """
      // Written by `swift package tca-replay` for \(feature.module).\(feature.reducer).
      import ComposableRuntime
      import Replay
      import TCAReplayCommands
      import TestGeneration
      @testable import \(feature.module)

      enum PackageFeatures: ReplayableFeatures, TestableFeatures {
        static var features: [ReplayableFeature] {
          [ReplayableFeature({ \(make) }, liveDependencies: \(prepare))]
        }
        static var testableFeatures: [TestableFeature] {
          [
            TestableFeature(
              module: \(literal(feature.module)),
              dependencies: \(literal(dependencies?.statements ?? "")),
              imports: [\((dependencies?.imports ?? []).map(literal).joined(separator: ", "))],
              withDependencies: \(prepare)
            ) { \(make) }
          ]
        }
      }

      await CommandLineTool.main(TCAReplay.FeatureCommands<PackageFeatures>.self)

      """
  }

  private static func update(_ file: URL, to text: String) throws {
    if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
    try text.write(to: file, atomically: true, encoding: .utf8)
  }
}

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "\\": escaped += "\\\\"
    case "\"": escaped += "\\\""
    case "\n": escaped += "\\n"
    case "\t": escaped += "\\t"
    default: escaped.append(character)
    }
  }
  return "\"\(escaped)\""
}
