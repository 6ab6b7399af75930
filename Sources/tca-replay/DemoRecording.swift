import ComposableRuntime
import DemoApp
import Foundation
import Recorder

/// Records the demo app: its scripted session (see `DemoSession`) on a test clock, each
/// instrumentation event printed as it happens, or a storm of counter increments for benchmarks
/// and the reliability tests.
enum DemoRecording {
  @MainActor
  static func runSession(tracePath: String, metadata: [String: String] = [:]) async throws {
    let clock = TestClock()
    var options = Recorder.Options()
    options.metadata = metadata
    // NB: The demo shows what a trace can hold, so it takes reads in release builds too.
    options.recordsReads = true
    let recorder = try Recorder(path: tracePath, options: options)
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
  static func runStorm(
    tracePath: String, count: Int, whenFull: Recorder.Options.WhenFull = .wait,
    metadata: [String: String] = [:]
  ) async throws {
    var options = Recorder.Options()
    options.whenFull = whenFull
    options.metadata = metadata
    // NB: The demo shows what a trace can hold, so it takes reads in release builds too.
    options.recordsReads = true
    let recorder = try Recorder(path: tracePath, options: options)
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

}
