import InstrumentationValues
import Foundation
import EventReflection

/// Where the recorder hears of changes to shared values, from any thread.
///
/// NB: A shared value is a reference, so the states the store hands the recorder before and after
/// an action hold the same value, and a diff of them cannot see what the action did to it. A
/// change made where an observed store is reducing (`ActionID.currentlyReduced`, on the main
/// actor, where every observed store runs) is noted with that action; when the recorded store's
/// reducer returns, the changes noted with its action travel in its event, with the values they
/// left, and any others (another observed store's) become events of their own. A change made
/// anywhere else (an effect's `withLock`, a file changed on disk) is an event of its own at once.
final class SharedChangeSink: SharedChangeObserving, @unchecked Sendable {
  // NB: @unchecked: `noted` is touched on the main actor alone, where observed stores reduce;
  // `baselines` is locked.
  private let queue: EventQueue<RecorderEvent, ActionValues>
  private let clock = TickClock.current
  /// The changes made while an observed store was reducing, with its action, not yet taken.
  ///
  /// NB: In memory the sink allocates itself, as the observer's books are: the store's thread
  /// looks at it after every action, and a class's stored property would be checked for
  /// exclusivity on each look.
  nonisolated(unsafe) private let noted: UnsafeMutablePointer<[(ActionID, SharedChange)]>
  /// Each storage's value before the first change the recorder heard of.
  let baselines = SharedBaselines()

  /// The action being reduced on the calling thread, if any.
  private let reducing: @Sendable () -> ActionID?

  init(
    queue: EventQueue<RecorderEvent, ActionValues>, reducing: @escaping @Sendable () -> ActionID?
  ) {
    self.queue = queue
    self.reducing = reducing
    self.noted = .allocate(capacity: 1)
    self.noted.initialize(to: [])
  }

  deinit {
    self.noted.deinitialize(count: 1)
    self.noted.deallocate()
  }

  func sharedValueWillChange(_ root: any SharedRoot) {
    self.baselines.keep(root)
  }

  func sharedValueDidChange(_ root: any SharedRoot, source: SharedChangeSource) {
    let change = SharedChange(root: root, value: root.currentValue, source: source)
    if let action = self.reducing() {
      self.noted.pointee.append((action, change))
    } else {
      _ = self.queue.append(.sharedChanged(change, at: self.clock.now()))
    }
  }

  /// The changes the reducer of `action` made, leaving none; changes another store's reducer
  /// made meanwhile are queued as events of their own.
  @inline(__always)
  func takeChanges(of action: ActionID) -> [SharedChange] {
    guard !self.noted.pointee.isEmpty else { return [] }
    return self.split(of: action)
  }

  @inline(never)
  private func split(of action: ActionID) -> [SharedChange] {
    let noted = self.noted.pointee
    self.noted.pointee = []
    var own: [SharedChange] = []
    for (reducing, change) in noted {
      if reducing == action {
        own.append(change)
      } else {
        _ = self.queue.appendFromStore(.sharedChanged(change, at: self.clock.now()))
      }
    }
    return own
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
