import Testing

@testable import ComposableRuntime

/// Where an action was sent from reaches the observer: the line of a `store.send`, of an
/// effect's `send`, of a scoped store's `send`; `store.send` still works as a function value.
@MainActor
@Suite struct SendSiteTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var count = 0
      var child = 0
    }
    @CasePathable
    enum Action: Equatable {
      case tap, start, done, fromSend
      case child(Child)
      @CasePathable
      enum Child: Equatable { case tap }
    }

    /// The line of the `send` in the effect of `.start`.
    static let effectSendLine: UInt = #line + 7
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap, .done, .fromSend:
        state.count += 1
        return .none
      case .start:
        return .run { send in await send(.done) }
      case .child:
        state.child += 1
        return .send(.fromSend)
      }
    }
  }

  /// Writes each action down with its site: `tap ComposableRuntimeTests/SendSiteTests.swift:42`.
  final class Sites: StoreObserver {
    typealias State = Feature.State
    typealias Action = Feature.Action
    var lines: [String] = []

    func storeDidReceive(
      _ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?
    ) {
      self.lines.append("\(action) \(site.map { "\($0)" } ?? "unknown")")
    }
  }

  let file = "ComposableRuntimeTests/SendSiteTests.swift"

  @Test func storeSendRecordsTheLineItIsCalledFrom() {
    let sites = Sites()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.observer = sites
    store.send(.tap)
    let line = #line - 1
    #expect(store.count == 1)
    #expect(sites.lines == ["tap \(self.file):\(line)"])
  }

  @Test func anEffectsSendRecordsItsLineInTheEffect() async {
    let sites = Sites()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.observer = sites
    await store.send(.start).finish()
    let line = #line - 1
    #expect(
      sites.lines == [
        "start \(self.file):\(line)", "done \(self.file):\(Feature.effectSendLine)",
      ])
  }

  @Test func aScopedStoreAndAnEffectSendPassTheSiteThrough() {
    let sites = Sites()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.observer = sites
    let child = store.scope(state: \.child, action: \.child)
    child.send(.tap)
    let line = #line - 1
    // NB: `Effect.send` has no call site of its own to record.
    let tap = Feature.Action.child(.tap)
    #expect(sites.lines == ["\(tap) \(self.file):\(line)", "fromSend unknown"])
  }

  @Test func storeSendStillWorksAsAFunctionValue() {
    let sites = Sites()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.observer = sites
    let send = store.send
    send(.tap)
    let line = #line - 1
    let function: (Feature.Action) -> StoreTask = store.send
    _ = function(.tap)
    _ = [Feature.Action.tap].map(store.send)
    func forEach(_ body: (Feature.Action) -> StoreTask) { _ = body(.tap) }
    forEach(store.send)
    #expect(store.count == 4)
    #expect(
      sites.lines == ["tap \(self.file):\(line)", "tap unknown", "tap unknown", "tap unknown"])
  }

  @Test func aTestStoreSendPassesItsLine() async {
    let sites = Sites()
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.store.addObserver(sites)
    await store.send(.tap) { $0.count = 1 }
    let line = #line - 1
    #expect(sites.lines == ["tap \(self.file):\(line)"])
  }

  @Test func anObserverWithoutSitesStillSeesEveryAction() {
    let log = EventLog<Feature.State, Feature.Action>()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.observer = log
    store.send(.tap)
    #expect(log.lines.first == "receive #1 tap from send")
  }
}
