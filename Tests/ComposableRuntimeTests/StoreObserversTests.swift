import ComposableRuntime
import Testing

/// Several observers on one store: each sees every event in order, and adding one never
/// detaches another.
@MainActor
@Suite struct StoreObserversTests {
  typealias Root = InstrumentationTests.Root

  @Test func everyObserverSeesEveryEventInOrder() {
    let first = EventLog<Root.State, Root.Action>()
    let second = EventLog<Root.State, Root.Action>()
    let third = EventLog<Root.State, Root.Action>()
    let alone = EventLog<Root.State, Root.Action>()
    let store = Store(initialState: Root.State()) { Root() }
    store.observer = first
    store.observer = second
    store.addObserver(third)
    let reference = Store(initialState: Root.State()) { Root() }
    reference.observer = alone
    for target in [store, reference] {
      target.send(.middle(.leaf(.increment)))
      target.send(.middle(.leaf(.increment)))
    }
    #expect(store.observers.count == 3)
    #expect(!alone.lines.isEmpty)
    #expect(first.lines == alone.lines)
    #expect(second.lines == alone.lines)
    #expect(third.lines == alone.lines)
  }

  @Test func eachEventReachesTheObserversInTheOrderTheyWereAdded() {
    @MainActor final class Order: StoreObserver {
      typealias State = Root.State
      typealias Action = Root.Action
      let name: String
      let record: (String) -> Void
      init(_ name: String, record: @escaping (String) -> Void) {
        self.name = name
        self.record = record
      }
      func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
        record("\(name) receive #\(id.rawValue)")
      }
      func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
        record("\(name) end #\(effect.rawValue)")
      }
    }
    var events: [String] = []
    let store = Store(initialState: Root.State()) { Root() }
    store.observer = Order("a") { events.append($0) }
    store.observer = Order("b") { events.append($0) }
    store.send(.middle(.leaf(.increment)))
    #expect(
      events == [
        "a receive #1", "b receive #1", "a receive #2", "b receive #2", "a end #1", "b end #1",
      ])
  }

  @Test func assigningTheSameObserverOrTheCombinedOneAddsNothing() {
    let log = EventLog<Root.State, Root.Action>()
    let other = EventLog<Root.State, Root.Action>()
    let store = Store(initialState: Root.State()) { Root() }
    store.observer = log
    store.observer = log
    store.observer = other
    store.observer = store.observer
    #expect(store.observers.count == 2)
    store.send(.middle(.leaf(.increment)))
    #expect(log.lines.filter { $0.hasPrefix("receive #1") }.count == 1)
  }

  @Test func removingOneObserverKeepsTheOthers() {
    let kept = EventLog<Root.State, Root.Action>()
    let removed = EventLog<Root.State, Root.Action>()
    let store = Store(initialState: Root.State()) { Root() }
    store.observer = kept
    store.observer = removed
    store.removeObserver(removed)
    store.send(.middle(.leaf(.increment)))
    #expect(store.observers.count == 1)
    #expect(!kept.lines.isEmpty)
    #expect(removed.lines.isEmpty)
    store.observer = nil
    #expect(store.observers.isEmpty)
    #expect(store.observer == nil)
  }

  /// The store reads its observers once per batch, without retaining them; an observer detached
  /// in the middle of a batch still hears the rest of that batch's reducer runs (here #2, which
  /// the effect of #1 sends) and lives until the batch ends.
  @Test func anObserverDetachedMidBatchLivesUntilTheBatchEnds() {
    // NB: @unchecked: used on the main actor only; the observer's deinit is nonisolated.
    final class Log: @unchecked Sendable {
      var lines: [String] = []
      var deinitialized = false
    }
    @MainActor final class Leaving: StoreObserver {
      typealias State = Root.State
      typealias Action = Root.Action
      let log: Log
      weak var store: Store<State, Action>?
      init(log: Log) { self.log = log }
      deinit { self.log.deinitialized = true }
      func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
        self.log.lines.append("receive #\(id.rawValue)")
        if id.rawValue == 1 { self.store?.removeObserver(self) }
      }
      func reducerDidRun(_ action: ActionID, state: State) {
        self.log.lines.append("reduced #\(action.rawValue), gone: \(self.log.deinitialized)")
      }
    }
    let log = Log()
    let store = Store(initialState: Root.State()) { Root() }
    do {
      let leaving = Leaving(log: log)
      leaving.store = store
      store.observer = leaving
    }
    store.send(.middle(.leaf(.increment)))
    #expect(log.deinitialized)
    store.send(.middle(.leaf(.increment)))
    #expect(
      log.lines == [
        "receive #1", "reduced #1, gone: false", "reduced #2, gone: false",
      ])
  }
}
