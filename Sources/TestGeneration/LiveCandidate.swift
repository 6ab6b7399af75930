import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestGenerationSupport
import Trace

/// A shrink candidate run as the test written for it runs: only the kept inputs sent from
/// outside are sent, the effects run for real on a `TestClock` with the dependencies the test
/// will have, and the recorded `uuid`, `date` and random values are handed back in order. No
/// recorded effect output is fed: an effect that captured the state when it started answers
/// with what the candidate's state held, not what the recording's did.
///
/// The clock advances to each kept input's recorded time (the app's clock from schema 8, the
/// recorder's before), counted from the first kept input, and at the end to the recording's last
/// input, so effects answer between the same inputs as they did.
@MainActor
struct LiveCandidate<R: Reducer> where R.State: Codable, R.Action: Codable {
  let reducer: R
  let initialState: R.State
  /// The recorded inputs up to the shrink's end, in order.
  let inputs: [ReplayInput]
  let dependencyValues: [DependencyValueRecord]
  /// The effects each recorded action started.
  let startedBy: [Int64: [Int64]]
  /// The actions each recorded effect sent back.
  let sentBy: [Int64: [Int64]]
  /// The caller's dependencies, as the test's `withDependencies` sets them.
  let prepareDependencies: @MainActor (inout DependencyValues) -> Void

  /// What a candidate's run ended with.
  struct Outcome {
    var state: R.State
    var issues: [String]
  }

  init(
    reducer: R, reader: TraceReader, until: Int64?,
    prepareDependencies: @escaping @MainActor (inout DependencyValues) -> Void
  ) throws {
    self.reducer = reducer
    self.initialState = try reader.initialState(as: R.State.self)
    self.inputs = try reader.replayInputs().filter { $0.seq <= (until ?? .max) }
    self.dependencyValues = try reader.dependencyValues().filter {
      [.uuid, .date, .random].contains($0.dependency)
    }
    var startedBy: [Int64: [Int64]] = [:]
    for row in try reader.effects() {
      startedBy[row.start.actionSeq, default: []].append(row.start.id)
    }
    self.startedBy = startedBy
    var sentBy: [Int64: [Int64]] = [:]
    for input in self.inputs {
      if case let .effect(id) = input.origin { sentBy[id, default: []].append(input.seq) }
    }
    self.sentBy = sentBy
    self.prepareDependencies = prepareDependencies
  }

  /// Runs the inputs `kept` (seqs of inputs sent from outside), recording the run into
  /// `recorder` when given.
  func run(keeping kept: Set<Int64>, recordingTo recorder: Recorder? = nil) async -> Outcome {
    if let recorder {
      await self.run(self.reducer.record(to: recorder), keeping: kept)
    } else {
      await self.run(self.reducer, keeping: kept)
    }
  }

  private func run<Root: Reducer<R.State, R.Action>>(
    _ root: Root, keeping kept: Set<Int64>
  ) async -> Outcome {
    let sends = self.inputs.filter { $0.origin == .send && kept.contains($0.seq) }
    let values = self.values(reachedFrom: kept)
    let clock = TestClock()
    let prepare = self.prepareDependencies
    let wasSerial = uncheckedUseMainSerialExecutor
    uncheckedUseMainSerialExecutor = true
    defer { uncheckedUseMainSerialExecutor = wasSerial }
    let issues = IssueCollector()
    return await withIssueReporters([issues]) {
      let store = Store(initialState: self.initialState) {
        root
      } withDependencies: {
        $0.continuousClock = clock
        $0.suspendingClock = clock
        $0.stackElementID = .incrementing()
        prepare(&$0)
        $0.handBack(values)
      }
      let decoder = JSONDecoder()
      var tasks: [StoreTask] = []
      let origin = sends.first?.clockTime ?? 0
      var now: Int64 = 0
      for input in sends {
        let target = input.clockTime - origin
        if target > now {
          await clock.advance(by: .nanoseconds(target - now))
          now = target
        }
        guard let encoding = input.encoding,
          let action = try? decoder.decode(R.Action.self, from: Data(encoding))
        else { continue }
        tasks.append(store.send(action))
        await Task.megaYield()
      }
      if let last = self.inputs.last, last.clockTime - origin > now {
        await clock.advance(by: .nanoseconds(last.clockTime - origin - now))
      }
      await Task.megaYield()
      let state = store.state
      for task in tasks { task.cancel() }
      await Task.megaYield()
      return Outcome(state: state, issues: issues.reported)
    }
  }

  /// The recorded `uuid`, `date` and random values read by the kept inputs' reducers, the
  /// effects they started, and so on down what those effects sent back, in the order read.
  func values(reachedFrom kept: Set<Int64>) -> [DependencyValueRecord] {
    var actions = kept
    var effects = Set<Int64>()
    var pending = Array(kept)
    while let seq = pending.popLast() {
      for effect in self.startedBy[seq] ?? [] where effects.insert(effect).inserted {
        for sent in self.sentBy[effect] ?? [] where actions.insert(sent).inserted {
          pending.append(sent)
        }
      }
    }
    return self.dependencyValues.filter { record in
      switch record.reader {
      case let .action(seq): actions.contains(seq)
      case let .effect(id): effects.contains(id)
      case .unknown: false
      }
    }
  }
}
