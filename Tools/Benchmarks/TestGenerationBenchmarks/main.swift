import BenchmarkSupport
import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import TestGeneration

// `swift run -c release test-generation-benchmarks [COUNT]`: records a COUNT-action demo session
// (default 10,000; counter, todos and the item editor, none waiting on a clock) and times
// generating its exhaustive test (goal ≤ 5 s for 10,000), with the machine's load beside it.

@MainActor
func main() async throws {
  let arguments = CommandLine.arguments.dropFirst()
  guard let count = arguments.first.map({ Int($0) }) ?? 10_000, count > 0 else {
    FileHandle.standardError.write(
      Data("error: expected COUNT (a whole number of actions), found '\(arguments.first!)'\n".utf8))
    exit(2)
  }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tca-replay-test-generation-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let path = folder.appendingPathComponent("demo.sqlite").path
  try await record(actions(count: count), to: path)

  var seconds: [Double] = []
  var bytes = 0
  for _ in 0..<3 {
    let start = DispatchTime.now().uptimeNanoseconds
    let test = try await TestGenerator(path: path).generate(
      AppFeature(), testName: "longSession", module: "DemoApp")
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    bytes = test.source.utf8.count
  }
  let median = seconds.sorted()[1]
  print("Generating the test of a \(count)-action trace (\(bytes / 1_000) kB of Swift)")
  print("  median of 3: \(String(format: "%.2f", median)) s (goal ≤ 5 s)   \(MachineLoad.current.label)")
}

/// The session's actions: the counter, todos added and toggled, the item editor.
func actions(count: Int) -> [AppFeature.Action] {
  var actions: [AppFeature.Action] = []
  var index = 0
  while actions.count < count {
    switch index % 6 {
    case 0, 1: actions.append(.counter(.view(.incrementButtonTapped)))
    case 2: actions.append(.counter(.view(.decrementButtonTapped)))
    case 3: actions.append(.items(.view(.editButtonTapped(1))))
    case 4: actions.append(.items(.destination(.presented(.editor(.view(.nameChanged("Tent \(index)")))))))
    default: actions.append(.items(.view(.cancelEditButtonTapped)))
    }
    index += 1
  }
  return actions
}

@MainActor
func record(_ actions: [AppFeature.Action], to path: String) async throws {
  var options = Recorder.Options()
  options.memoryLimit = 1 << 30
  let recorder = try Recorder(path: path, options: options)
  let store = Store(initialState: AppFeature.State()) {
    AppFeature().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = TestClock()
    $0.uuid = .incrementing
  }
  for (offset, action) in actions.enumerated() {
    store.send(action)
    if offset.isMultiple(of: 1_000) { await Task.yield() }
  }
  await recorder.finish()
}

try await main()
