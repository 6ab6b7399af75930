import Atomics
import ComposableRuntime
import Foundation
import RuntimeReflection

/// Where the recorder hears of changes to shared values, from any thread.
///
/// NB: A shared value is a reference, so the states the store hands the recorder before and after
/// an action hold the same value, and a diff of them cannot see what the action did to it. The
/// store's thread notes the action it reduces (``reducing``); a change made inside that reduce
/// (the action the runtime says is being reduced where the change happens) belongs to the action
/// and travels in the action's event, with the value it left. Any other change (an effect's
/// `withLock`, another store, a file changed on disk) is an event of its own.
final class SharedChangeSink: SharedChangeObserving, @unchecked Sendable {
  // NB: @unchecked: `duringReduce` is touched inside the store's reduce alone; `baselines` is
  // locked.
  private let queue: EventQueue<RecorderEvent>
  private let clock = TickClock.current
  /// The id of the action the store is reducing, 0 between reduces.
  let reducing = ManagedAtomic<UInt64>(0)
  /// The changes the running reducer made; the store's thread only.
  ///
  /// NB: In memory the sink allocates itself, as the observer's books are: the store's thread
  /// looks at it after every action, and a class's stored property would be checked for
  /// exclusivity on each look.
  nonisolated(unsafe) private let duringReduce: UnsafeMutablePointer<[SharedChange]>
  /// Each storage's value before the first change the recorder heard of.
  let baselines = SharedBaselines()

  init(queue: EventQueue<RecorderEvent>) {
    self.queue = queue
    self.duringReduce = .allocate(capacity: 1)
    self.duringReduce.initialize(to: [])
  }

  deinit {
    self.duringReduce.deinitialize(count: 1)
    self.duringReduce.deallocate()
  }

  func sharedValueWillChange(_ root: any SharedRoot) {
    self.baselines.keep(root)
  }

  func sharedValueDidChange(_ root: any SharedRoot, source: SharedChangeSource) {
    let change = SharedChange(root: root, value: root.currentValue, source: source)
    let reducing = self.reducing.load(ordering: .relaxed)
    if reducing != 0, ActionID.currentlyReduced?.rawValue == reducing {
      self.duringReduce.pointee.append(change)
    } else {
      _ = self.queue.append(.sharedChanged(change, at: self.clock.now()))
    }
  }

  /// The changes the reducer that just ran made, leaving none.
  @inline(__always)
  func takeChangesDuringReduce() -> [SharedChange] {
    guard !self.duringReduce.pointee.isEmpty else { return [] }
    defer { self.duringReduce.pointee = [] }
    return self.duringReduce.pointee
  }
}

extension SharedChangeSource {
  /// Where the change came from, as the trace's event says it: `withLock at Feature.swift:12`.
  var text: String {
    switch self {
    case let .write(fileID, line): "withLock at \(fileID):\(line)"
    case .key: "changed outside the app"
    case .load: "loaded from its key"
    }
  }
}
