// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// What the runtime builds on; shared by its benchmark copy without hook sites.
let runtimeDependencies: [Target.Dependency] = [
  "ComposableRuntimeMacros", "RuntimePrimitives", "InstrumentationValues",
  .product(name: "Atomics", package: "swift-atomics"),
  .product(name: "CasePaths", package: "swift-case-paths"),
  .product(name: "Clocks", package: "swift-clocks"),
  .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
  .product(name: "CustomDump", package: "swift-custom-dump"),
  .product(name: "Dependencies", package: "swift-dependencies"),
  .product(name: "DependenciesMacros", package: "swift-dependencies"),
  .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
  .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
  .product(name: "OrderedCollections", package: "swift-collections"),
]

let package = Package(
  name: "tca-replay",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "ComposableRuntime", targets: ["ComposableRuntime"]),
    .library(name: "Trace", targets: ["Trace"]),
    .library(name: "StateReflection", targets: ["StateReflection"]),
    .library(name: "RuntimeReflection", targets: ["RuntimeReflection"]),
    .library(name: "Recorder", targets: ["Recorder"]),
    .library(name: "ReducerRecording", targets: ["ReducerRecording"]),
    .library(name: "StoreTracing", targets: ["StoreTracing"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "DemoApp", targets: ["DemoApp"]),
    .library(name: "TraceBrowser", targets: ["TraceBrowser"]),
    .library(name: "Profiler", targets: ["Profiler"]),
    .library(name: "ProfileReports", targets: ["ProfileReports"]),
    .library(name: "TestGeneration", targets: ["TestGeneration"]),
    .library(name: "TestGenerationSupport", targets: ["TestGenerationSupport"]),
    .library(name: "TCAReplayCommands", targets: ["TCAReplayCommands"]),
    .executable(name: "tca-replay", targets: ["tca-replay"]),
    .plugin(name: "TCAReplayPlugin", targets: ["TCAReplayPlugin"]),
  ],
  // NB: Which runtime `ReducerRecording` compiles against. A trait only ever adds dependencies,
  // so the bundled runtime is a default trait of its own: a package that asks for
  // `traits: ["ComposableArchitecture"]` gets TCA and not the defaults. With the defaults,
  // SwiftPM leaves TCA unresolved (checked offline), so the package builds where TCA cannot be
  // fetched.
  traits: [
    .trait(
      name: "ComposableArchitecture",
      description: "ReducerRecording records apps built on TCA 1.x (swift-composable-architecture)."),
    .trait(
      name: "BundledRuntime",
      description: "ReducerRecording compiles against this package's ComposableRuntime."),
    .default(enabledTraits: ["BundledRuntime"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    // Only with the trait `ComposableArchitecture`: see `ReducerRecording`.
    .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.25.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
  ],
  targets: [
    // MARK: Runtime
    .macro(
      name: "ComposableRuntimeMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "ComposableRuntime",
      dependencies: runtimeDependencies
    ),
    // The runtime's thread-local slot for the context child reducers report through.
    .target(name: "RuntimePrimitives"),
    // What a store's instrumentation tells an observer (action and effect ids, origins, effect
    // starts and outcomes, scope paths, shared-value changes), apart from the runtime that tells
    // it, so the recorder core can take the same values from TCA's public API.
    .target(
      name: "InstrumentationValues",
      dependencies: [
        "RuntimePrimitives",
        .product(name: "Atomics", package: "swift-atomics"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),

    // MARK: Trace and recorder
    .target(
      name: "Trace",
      dependencies: [
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    // Live values → trace values, the structural differ; of the runtime it knows only the names
    // `@ObservableState` gives tracked properties' storage (InstrumentationValues).
    .target(
      name: "StateReflection",
      dependencies: [
        "Trace", "InstrumentationValues",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),
    // The instrumentation's values as a trace sees them: action names, effect kinds and
    // outcomes, shared values as of an event. Knows no runtime.
    .target(
      name: "EventReflection",
      dependencies: [
        "InstrumentationValues", "StateReflection", "Trace",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),
    // The runtime's own types as a trace sees them (how its navigation and shared types
    // reflect), with EventReflection re-exported. Recording and replay both depend on it, so
    // neither is right only because the other happens to be linked.
    .target(
      name: "RuntimeReflection",
      dependencies: [
        "ComposableRuntime", "EventReflection", "StateReflection", "Trace",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]),
    .target(name: "RecorderPrimitives"),
    // What records and writes, apart from any runtime: the hot path's observer and queue, the
    // worker's stages, the dependency capture, options. Two ways in: `Recorder` (this runtime's
    // hooks) and `ReducerRecording` (TCA's public API).
    .target(
      name: "RecorderCore",
      dependencies: [
        "InstrumentationValues", "EventReflection", "Trace", "StateReflection", "RecorderPrimitives",
        .product(name: "Atomics", package: "swift-atomics"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]),
    // `.record(to:)` through this runtime's instrumentation hooks.
    .target(
      name: "Recorder",
      dependencies: ["ComposableRuntime", "RecorderCore", "RuntimeReflection"]),
    // `.record(to:)` through TCA's public API alone: a reducer operator. With the package trait
    // `ComposableArchitecture` it compiles against TCA 1.x; without it (TCA is not in this
    // machine's package mirror) against ComposableRuntime, whose types' reflection it links.
    .target(
      name: "ReducerRecording",
      dependencies: [
        "RecorderCore", "InstrumentationValues", "RecorderPrimitives",
        .product(name: "Atomics", package: "swift-atomics"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(
          name: "ComposableArchitecture", package: "swift-composable-architecture",
          condition: .when(traits: ["ComposableArchitecture"])),
        .target(name: "ComposableRuntime", condition: .when(traits: ["BundledRuntime"])),
        .target(name: "RuntimeReflection", condition: .when(traits: ["BundledRuntime"])),
      ]),

    // A store's actions, scopes and effects as spans, through whatever tracer the app bootstrapped
    // with swift-distributed-tracing; usable with or without the recorder.
    .target(
      name: "StoreTracing",
      dependencies: [
        "ComposableRuntime", "RuntimeReflection", "StateReflection", "Trace",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "Instrumentation", package: "swift-distributed-tracing"),
      ]),

    // MARK: Interactive view
    .target(name: "TraceBrowser", dependencies: ["ComposableRuntime", "Trace"]),
    // MARK: Profiler and reports
    .target(name: "Profiler", dependencies: ["Trace"]),
    .target(name: "ProfileReports", dependencies: ["Profiler", "Trace"]),

    // MARK: Replay
    .target(
      name: "Replay",
      dependencies: ["ComposableRuntime", "Trace", "StateReflection", "RuntimeReflection"]),

    // MARK: Your own feature, one command
    // `swift package tca-replay verify TRACE`: builds a runner for the feature the trace names,
    // from the package's own targets (docs/Replay.md).
    .plugin(
      name: "TCAReplayPlugin",
      capability: .command(
        intent: .custom(
          verb: "tca-replay",
          description: "Run a tca-replay command on a trace of this package's own feature"))
    ),

    // MARK: Test generation
    // A recording as a `TestStore` test, and shrunk to the inputs a predicate needs.
    .target(
      name: "TestGeneration",
      dependencies: [
        "ComposableRuntime", "Trace", "StateReflection", "RuntimeReflection", "Replay",
        "TestGenerationSupport", "Recorder",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftBasicFormat", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // What a generated test imports: the recorded uuid, date and random values handed back.
    .target(
      name: "TestGenerationSupport",
      dependencies: ["ComposableRuntime", "Trace", "StateReflection", "RuntimeReflection"]),

    // MARK: Demo
    .target(name: "DemoApp", dependencies: ["ComposableRuntime"]),

    // MARK: Command line
    .target(
      name: "TCAReplayCommands",
      dependencies: [
        "Trace", "TraceBrowser", "Profiler", "ProfileReports", "Replay", "TestGeneration",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The shipped tool: the commands plus `demo`, which records the demo app.
    .executableTarget(
      name: "tca-replay",
      dependencies: [
        "TCAReplayCommands", "DemoApp", "Recorder", "Trace", "Profiler", "ProfileReports",
        "Replay", "TestGeneration",
      ]
    ),

    // MARK: Tools
    // `swift run -c release runtime-benchmarks`; not a product, not run by the tests.
    .executableTarget(
      name: "runtime-benchmarks",
      dependencies: [
        "ComposableRuntime", "ComposableRuntimeWithoutHooks", "Recorder", "StateReflection", "Trace",
        "DemoApp", "BenchmarkSupport", "TestSupport", "StoreTracing",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tools/Benchmarks/RuntimeBenchmarks"
    ),
    // `swift run -c release reducer-recording-benchmarks`: the reducer operator's cost per send.
    .executableTarget(
      name: "reducer-recording-benchmarks",
      dependencies: ["BenchmarkSupport", "ComposableRuntime", "DemoApp", "ReducerRecording"],
      path: "Tools/Benchmarks/ReducerRecordingBenchmarks"
    ),
    // `swift run -c release replay-benchmarks [COUNT]`: hermetic replay against its ceiling.
    .executableTarget(
      name: "replay-benchmarks",
      dependencies: [
        "BenchmarkSupport", "ComposableRuntime", "DemoApp", "Recorder", "Replay", "Trace",
      ],
      path: "Tools/Benchmarks/ReplayBenchmarks"
    ),
    // `swift run -c release test-generation-benchmarks`: generating and shrinking tests.
    .executableTarget(
      name: "test-generation-benchmarks",
      dependencies: [
        "ComposableRuntime", "DemoApp", "Recorder", "TestGeneration", "BenchmarkSupport",
        "TestGenerationFixtures",
      ],
      path: "Tools/Benchmarks/TestGenerationBenchmarks"
    ),
    // `swift run record-checkout PATH`: the fixtures' checkout recorded on a real clock
    // (Tools/Recordings/regenerate.sh).
    .executableTarget(
      name: "record-checkout",
      dependencies: ["TestGenerationFixtures"],
      path: "Tools/Recordings/RecordCheckout"
    ),
    // `swift run -c release trace-browser-benchmarks TRACE`; the interactive view's frame times.
    .executableTarget(
      name: "trace-browser-benchmarks",
      dependencies: ["TraceBrowser", "Trace", "ComposableRuntime"],
      path: "Tools/Benchmarks/TraceBrowserBenchmarks"
    ),
    // `swift run -c release profiler-benchmarks TRACE`; not a product, not run by the tests.
    .executableTarget(
      name: "profiler-benchmarks",
      dependencies: ["Profiler", "ProfileReports", "Trace", "BenchmarkSupport", "TestSupport"],
      path: "Tools/Benchmarks/ProfilerBenchmarks"
    ),
    // The runtime's own sources (a symlink) built with the hook sites compiled out, so the
    // benchmark can price them side by side.
    .target(
      name: "ComposableRuntimeWithoutHooks",
      dependencies: runtimeDependencies,
      path: "Tools/Benchmarks/ComposableRuntimeWithoutHooks",
      swiftSettings: [.define("COMPOSABLE_RUNTIME_NO_HOOKS")]
    ),

    // `cli-benchmarks`: the commands' latency on a 1,000,000-action trace; not run by the tests.
    .executableTarget(
      name: "cli-benchmarks", dependencies: ["BenchmarkSupport"], path: "Tools/Benchmarks/CLIBenchmarks"),
    // What the benchmarks share: the machine's load printed beside each figure.
    .target(name: "BenchmarkSupport", path: "Tools/Benchmarks/BenchmarkSupport"),
    // Damaged copies of a trace for the fuzz test and `swift run -c release trace-fuzzer`.
    .target(
      name: "TraceMutations",
      // `TestSupport` for the seeded generator the tests use too.
      dependencies: ["TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Tools/Fuzz/TraceMutations"
    ),
    .executableTarget(
      name: "trace-fuzzer",
      dependencies: ["TCAReplayCommands", "TraceMutations"],
      path: "Tools/Fuzz/TraceFuzzer"
    ),

    // MARK: Tests
    // What the test targets share, written once: a seeded random generator, temporary paths,
    // runs of the built tool and golden-file comparison. Depends on no module of the package.
    .target(
      name: "TestSupport",
      dependencies: [.product(name: "CustomDump", package: "swift-custom-dump")],
      path: "Tests/TestSupport"
    ),
    // Traces written action by action for the profiler's and the reports' tests; apart from
    // `TestSupport` because it needs `Trace`.
    .target(
      name: "TraceTestSupport", dependencies: ["Trace", "TestSupport"], path: "Tests/TraceTestSupport"
    ),
    .testTarget(
      name: "ComposableRuntimeTests",
      dependencies: [
        "ComposableRuntime",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableRuntimeMacrosTests",
      dependencies: [
        "ComposableRuntimeMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
    .testTarget(
      name: "TraceTests",
      dependencies: [
        "Trace", "TestSupport", "TraceTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "StateReflectionTests",
      dependencies: ["StateReflection", "Trace", "TestSupport"]
    ),
    .testTarget(
      name: "RecorderTests",
      dependencies: [
        "Recorder", "RecorderCore", "RuntimeReflection", "StateReflection", "DemoApp", "tca-replay", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Links neither Recorder nor anything depending on it: the runtime's types reflect the same
    // without it.
    .testTarget(
      name: "RuntimeReflectionTests",
      dependencies: [
        "RuntimeReflection", "StateReflection", "Trace", "Replay", "DemoApp", "ComposableRuntime",
        "TestSupport",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    // The reducer operator, compared with the hook recorder on the demo's session.
    .testTarget(
      name: "ReducerRecordingTests",
      dependencies: ["ReducerRecording", "DemoApp", "ComposableRuntime", "Trace", "tca-replay",
        "TestSupport"]
    ),
    .testTarget(
      name: "StoreTracingTests",
      dependencies: [
        "StoreTracing", "ComposableRuntime", "Recorder", "TestSupport",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "Recorder", "DemoApp", "tca-replay", "TestSupport", "Trace"]
    ),
    .testTarget(
      name: "TraceBrowserTests",
      dependencies: [
        "TraceBrowser", "Trace", "tca-replay", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ProfilerTests",
      dependencies: [
        "Profiler", "Trace", "TestSupport", "TraceTestSupport", "ComposableRuntime", "Recorder",
        "Replay",
      ]
    ),
    .testTarget(
      name: "ProfileReportsTests",
      dependencies: [
        "ProfileReports", "Profiler", "Trace", "TraceMutations", "tca-replay", "TestSupport",
        "TraceTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      // Golden outputs, read by path from the tests.
      exclude: ["Expected"]
    ),
    .testTarget(
      name: "TCAReplayCommandsTests",
      dependencies: [
        "TCAReplayCommands", "Trace", "TraceMutations", "tca-replay", "TestSupport", "Replay",
        "DemoApp", "ComposableRuntime",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      // Golden outputs, read by path from the tests.
      exclude: ["Expected"]
    ),
    // Every relative link in README.md and docs/ resolves inside the repository.
    .testTarget(name: "DocumentationTests"),
    // The shipped tool's own command, `demo`, run as built.
    .testTarget(
      name: "TCAReplayToolTests", dependencies: ["TestGenerationFixtures", "tca-replay", "TestSupport"]),
    // Features whose recorded sessions' generated tests GeneratedTests compiles and runs: one
    // reading uuid, date, random and the clock, one receiving a plain enum payload from an effect,
    // one closing a stack page in the middle, one showing an alert and a confirmation dialog, one
    // writing a `@Shared` value at every step that changes it at some, one whose effect reads
    // two uuids and a date, one written as TCA users write features, declaring nothing
    // `Codable` (`Tally`), one that dismisses itself with an effect running (`Standup`), and one
    // whose effects wait on streams the test drives, recorded live (`MapDownload`).
    .target(
      name: "TestGenerationFixtures", dependencies: ["ComposableRuntime", "Recorder"],
      path: "Tests/TestGenerationFixtures"),
    .testTarget(
      name: "TestGenerationTests",
      dependencies: [
        "TestGeneration", "TestGenerationSupport", "TestGenerationFixtures", "DemoApp", "Recorder",
        "Trace", "Replay",
        "ComposableRuntime", "tca-replay", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "SwiftBasicFormat", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    // The generated tests of the demo session (Tests/GeneratedTests/RecordedDemoSession.swift)
    // and of the fixtures' sessions, compiled and run as a user's test target would.
    .testTarget(
      name: "GeneratedTests",
      dependencies: [
        "DemoApp", "TestGenerationFixtures", "ComposableRuntime", "TestGenerationSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "DemoAppTests",
      dependencies: [
        "DemoApp",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
  ]
)
