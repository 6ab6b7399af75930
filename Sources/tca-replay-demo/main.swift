import ComposableRuntime
import DemoApp
import Foundation
import Recorder

// The demo: a scripted session of the demo app (see `DemoSession`) on a test clock, each
// instrumentation event printed as it happens, and the whole session recorded into a trace.
//
//   tca-replay-demo [--trace PATH]               (default: demo-session.sqlite)
//   tca-replay-demo --trace PATH --storm COUNT   record COUNT counter increments, printing nothing
//                                                (0: until killed; the reliability tests use it)

@MainActor
func runSession(tracePath: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: tracePath)
  let store = Store(initialState: AppFeature.State()) {
    AppFeature().record(to: recorder)
  } withDependencies: {
    DemoSession.dependencies(clock: clock)(&$0)
  }
  let printer = SessionPrinter(clock: clock)
  // The recorder observes the store; the printer watches the same events after it.
  store.observer = printer
  await DemoSession.run(store, clock: clock, section: printer.section)

  print("\nFinal state:")
  print(SessionPrinter.shortenUUIDs(in: String(customDumping: store.state)))
  await recorder.finish()
  print("\nRecorded to \(tracePath) (\(recorder.endReason ?? "unfinished")).")
}

@MainActor
func runStorm(tracePath: String, count: Int) async throws {
  let recorder = try Recorder(path: tracePath)
  let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
  var sent = 0
  while count == 0 || sent < count {
    store.send(.counter(.view(.incrementButtonTapped)))
    sent += 1
    if sent.isMultiple(of: 1000) { await Task.yield() }
    if sent == 1000 {
      // Tells a watching process (the reliability test) that a first batch is on disk.
      await recorder.flush()
      FileHandle.standardOutput.write(Data("flushed \(sent)\n".utf8))
    }
  }
  await recorder.finish()
}

var arguments = Array(CommandLine.arguments.dropFirst())
var tracePath = "demo-session.sqlite"
var stormCount: Int?
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--trace" where !arguments.isEmpty:
    tracePath = arguments.removeFirst()
  case "--storm" where Int(arguments.first ?? "").map { $0 >= 0 } ?? false:
    stormCount = Int(arguments.removeFirst())
  default:
    FileHandle.standardError.write(
      Data(
        "error: expected '--trace PATH' or '--storm COUNT' (a whole number), found '\(argument)'\n"
          .utf8))
    exit(2)
  }
}

do {
  if let stormCount {
    try await runStorm(tracePath: tracePath, count: stormCount)
  } else {
    try await withMainSerialExecutor {
      try await runSession(tracePath: tracePath)
    }
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
