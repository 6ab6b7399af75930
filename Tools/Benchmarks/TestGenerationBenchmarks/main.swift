import BenchmarkSupport
import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures

// `swift run -c release test-generation-benchmarks [COUNT]`: records a COUNT-action demo session
// (default 10,000; the counter and the item editor, none waiting on a clock) and times generating
// its exhaustive test (goal ≤ 5 s for 10,000); then records 1,000 keys sent to a code lock whose
// code is three of them, in order, and times shrinking it to those three (goal ≤ 30 s), with the
// number of candidate replays. The machine's load is printed beside each figure.

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
  print(
    "  median of 3: \(String(format: "%.2f", median)) s (goal ≤ 5 s)   \(MachineLoad.current.label)"
  )

  let lockPath = folder.appendingPathComponent("lock.sqlite").path
  try await recordLock(to: lockPath)
  let start = DispatchTime.now().uptimeNanoseconds
  let small = try await TestGenerator(path: lockPath).shrink(CodeLock(), to: "progress == 3")
  let shrinkSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  print("Shrinking 1,000 inputs to the 3 a predicate needs: kept \(small.keptInputs)")
  print(
    "  \(String(format: "%.2f", shrinkSeconds)) s, \(small.candidateReplays) candidate replays "
      + "(goal ≤ 30 s)   \(MachineLoad.current.label)")
}

/// 1,000 keys from 100 to 999, with the code's three keys at 120, 480 and 913.
@MainActor
func recordLock(to path: String) async throws {
  var keys = (0..<1_000).map { 100 + ($0 * 7_919) % 900 }
  keys[120] = 7
  keys[480] = 42
  keys[913] = 99
  let recorder = try Recorder(path: path)
  let store = Store(initialState: CodeLock.State()) { CodeLock().record(to: recorder) }
  for key in keys { store.send(.keyPressed(key)) }
  await recorder.finish()
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
    case 4:
      actions.append(
        .items(.destination(.presented(.editor(.view(.nameChanged("Tent \(index)")))))))
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
