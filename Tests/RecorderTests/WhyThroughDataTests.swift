import Clocks
import ComposableRuntime
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder

/// `why` through data on a cart the demo does not have: the total is computed by
/// `removeItemTapped` from the items and a discount that a coupon effect set earlier. Its state
/// and actions are not `Codable`; the coupon client answers with a `Result` of `any Error`.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct WhyThroughDataTests {
  struct CouponError: Error {}

  @Reducer
  struct Cart {
    @ObservableState
    struct State: Equatable {
      var items: [Int] = []
      var couponCode = ""
      var discountPercent = 0
      var totalCents = 0
      var note = ""
    }
    enum Action {
      case addItem(Int)
      case couponChanged(String)
      case couponValidated(Result<Int, any Error>)
      case removeItemTapped
      case noteChanged(String)
    }
    let clock: any Clock<Duration>

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .addItem(cents):
          state.items.append(cents)
          return .none
        case let .couponChanged(code):
          state.couponCode = code
          return .run { [code = state.couponCode, clock] send in
            try await clock.sleep(for: .milliseconds(5))
            await send(
              .couponValidated(code == "HALF" ? .success(50) : .failure(CouponError())))
          }
        case let .couponValidated(.success(percent)):
          state.discountPercent = percent
          return .none
        case .couponValidated(.failure):
          return .none
        case .removeItemTapped:
          state.items.removeLast()
          state.totalCents = state.items.reduce(0, +) * (100 - state.discountPercent) / 100
          return .none
        case let .noteChanged(note):
          state.note = note
          return .none
        }
      }
    }
  }

  /// Records #1 addItem(600), #2 couponChanged("HALF") → #3 couponValidated, #4 addItem(300),
  /// #5 removeItemTapped, on `clock`; `advance` lets the coupon effect answer.
  func record(
    clock: any Clock<Duration>, advance: () async -> Void
  ) async throws -> String {
    let path = temporaryTracePath("why-through-data")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Cart.State()) {
      Cart(clock: clock).record(to: recorder)
    }
    store.send(.addItem(600))
    let coupon = store.send(.couponChanged("HALF"))
    await advance()
    await coupon.finish()
    store.send(.addItem(300))
    store.send(.removeItemTapped)
    await recorder.finish()
    return path
  }

  /// On the main serial executor, so the coupon effect is asleep before the clock advances.
  func recordOnATestClock() async throws -> String {
    var path = ""
    try await withMainSerialExecutor {
      let clock = TestClock()
      path = try await self.record(clock: clock) { await clock.advance(by: .milliseconds(5)) }
    }
    return path
  }

  @Test func eachActionKeepsThePathsItsReducerRead() async throws {
    let trace = try TraceReader(path: try await self.recordOnATestClock())
    let reads = try (1...5).map { try trace.action($0)?.reads?.map(\.description) }
    #expect(
      reads == [
        ["items"], ["couponCode"], [], ["items"], ["items", "discountPercent"],
      ])
  }

  @Test func theTotalIsExplainedThroughTheDiscountToTheCouponEffect() async throws {
    let trace = try TraceReader(path: try await self.recordOnATestClock())
    let cause = try #require(try trace.cause(of: TracePath(parsing: "totalCents"), at: 5))
    #expect(cause.chain.map(\.seq) == [5])
    let reads = cause.chain[0].reads
    #expect(reads.map(\.path.description) == ["items", "discountPercent"])
    #expect(reads.map(\.setBy) == [4, 3])
    #expect(reads[1].value == .int(50))
    // #3 couponValidated, sent by the effect #2 couponChanged started.
    #expect(reads[1].chain.map(\.seq) == [3, 2])
    #expect(reads[1].chain[1].reads.map(\.path.description) == ["couponCode"])
    #expect(reads[1].chain[1].reads.first?.setBy == nil)
  }

  @Test func whyPrintsTheChainThroughData() async throws {
    let path = try await self.recordOnATestClock()
    let run = try ToolRun(["why", path, "totalCents", "--at", "5"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output == """
        totalCents = 300 after #5
          set by #5 removeItemTapped: 0 → 300
            #5 sent from outside at WhyThroughDataTests.swift:81
              computed from items = [600,300], set by #4 addItem, sent from outside
                computed from items = [600], set by #1 addItem, sent from outside
                  computed from items = [], unchanged since the initial state
              computed from discountPercent = 50, set by #3 couponValidated.success ← effect #1 of #2 couponChanged, sent from outside
                computed from couponCode = "", unchanged since the initial state

        """)
    let json = try ToolRun(["why", path, "totalCents", "--at", "5", "--json"])
    let value = try TraceValue(jsonText: json.output)
    let link = try #require(value[field: "chain"].flatMap { if case let .array(a) = $0 { a.first } else { nil } })
    let jsonReads = try #require(link[field: "reads"])
    guard case let .array(items) = jsonReads else { Issue.record("reads is not an array"); return }
    #expect(items.map { $0[field: "path"] } == [.string("items"), .string("discountPercent")])
    #expect(items.map { $0[field: "setBy"] } == [.int(4), .int(3)])
    #expect(items[1][field: "value"] == .int(50))
  }

  @Test func aValueReadButNeverSetSaysSo() async throws {
    let trace = try TraceReader(path: try await self.recordOnATestClock())
    let cause = try #require(try trace.cause(of: TracePath(parsing: "couponCode"), at: 5))
    let couponChanged = try #require(cause.chain.first)
    #expect(couponChanged.seq == 2)
    #expect(couponChanged.reads.map(\.path.description) == ["couponCode"])
    #expect(couponChanged.reads[0].setBy == nil)
    #expect(couponChanged.reads[0].value == .string(""))
  }

  @Test func readsCanBeLeftOut() async throws {
    let path = temporaryTracePath("why-through-data-off")
    var options = Recorder.Options()
    options.recordsReads = false
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: Cart.State()) {
      Cart(clock: ImmediateClock()).record(to: recorder)
    }
    await store.send(.addItem(600)).finish()
    await recorder.finish()
    let trace = try TraceReader(path: path)
    #expect(try trace.action(1)?.reads == nil)
    let cause = try #require(try trace.cause(of: TracePath(parsing: "items"), at: 1))
    #expect(cause.chain[0].readsKnown == false)
  }

  /// The same session on a real clock, with a real 5 ms sleep: what was recorded, never when.
  @Test func onAContinuousClockTheChainIsTheSame() async throws {
    let trace = try TraceReader(
      path: try await self.record(clock: ContinuousClock()) {})
    let cause = try #require(try trace.cause(of: TracePath(parsing: "totalCents"), at: 5))
    let discount = try #require(cause.chain.first?.reads.last)
    #expect(discount.path.description == "discountPercent")
    #expect(discount.setBy == 3)
    #expect(try trace.action(3)?.name == "couponValidated.success")
    #expect(discount.chain.map(\.seq) == [3, 2])
  }
}
