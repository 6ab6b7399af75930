import ComposableRuntime
import Foundation
import Testing

/// The paths a reducer read, as `@ObservableState`'s accessors and the scoping reducers tell a
/// ``StateReadLog``: through scopes, `forEach` elements, `@Presents` enum destinations and
/// stacks, with the runtime's own accesses left out.
@MainActor
struct StateReadsTests {
  @Reducer
  struct Line {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var quantity = 1
      var priceCents = 100
      var note = ""
    }
    enum Action { case increment, noteChanged(String) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.quantity += 1
        case let .noteChanged(note):
          state.note = note
        }
        return .none
      }
    }
  }

  @Reducer
  struct Coupon {
    @ObservableState
    struct State: Equatable {
      var code = ""
      var percent = 0
    }
    enum Action { case apply }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.percent = state.code == "HALF" ? 50 : 0
        return .none
      }
    }
  }

  @Reducer
  enum Destination {
    case coupon(Coupon)
  }

  @Reducer
  struct Cart {
    @ObservableState
    struct State: Equatable {
      var lines: IdentifiedArrayOf<Line.State> = []
      var discountPercent = 0
      var totalCents = 0
      var label = ""
      @Presents var destination: Destination.State?
    }
    enum Action {
      case line(IdentifiedActionOf<Line>)
      case destination(PresentationAction<Destination.Action>)
      case recompute
      case rename(String)
      case copyLine(Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .recompute:
          let subtotal = state.lines.reduce(0) { $0 + $1.quantity * $1.priceCents }
          state.totalCents = subtotal * (100 - state.discountPercent) / 100
        case let .rename(label):
          state.label = label
        case let .copyLine(id):
          let line = state.lines[id: id]
          state.label = line?.note ?? ""
        case .line, .destination:
          break
        }
        return .none
      }
      .forEach(\.lines, action: \.line) { Line() }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  @Reducer
  struct App {
    @ObservableState
    struct State: Equatable {
      var cart = Cart.State()
      var title = ""
    }
    enum Action { case cart(Cart.Action), titleFromCart }
    var body: some ReducerOf<Self> {
      Scope(state: \.cart, action: \.cart) { Cart() }
      Reduce { state, action in
        if case .titleFromCart = action { state.title = "\(state.cart.totalCents)" }
        return .none
      }
    }
  }

  func reads(_ action: App.Action, in state: inout App.State) -> [String] {
    let log = StateReadLog(root: App.State.self)
    return log.taking { _ = App().reduce(into: &state, action: action) }.map(\.description)
  }

  func cart() -> App.State {
    var state = App.State()
    state.cart.lines = [Line.State(id: 1), Line.State(id: 2, quantity: 3, priceCents: 250)]
    state.cart.discountPercent = 10
    state.cart.destination = .coupon(Coupon.State(code: "HALF"))
    return state
  }

  @Test func aComputedValueReadsWhatItIsComputedFrom() {
    var state = self.cart()
    #expect(
      self.reads(.cart(.recompute), in: &state) == ["cart.lines", "cart.discountPercent"])
    #expect(state.cart.totalCents == 765)
  }

  @Test func anElementReadsInsideItsOwnPath() {
    var state = self.cart()
    #expect(
      self.reads(.cart(.line(.element(id: 2, action: .increment))), in: &state)
        == ["cart.lines[id: 2].quantity"])
  }

  @Test func writingAValueReadsNothing() {
    var state = self.cart()
    #expect(self.reads(.cart(.rename("Mine")), in: &state) == [])
    #expect(self.reads(.cart(.line(.element(id: 1, action: .noteChanged("x")))), in: &state) == [])
  }

  @Test func aPresentedEnumCaseReadsInsideTheDestination() {
    var state = self.cart()
    #expect(
      self.reads(.cart(.destination(.presented(.coupon(.apply)))), in: &state)
        == ["cart.destination.coupon.code"])
  }

  @Test func aReadInAParentThroughAChildKeepsTheWholePath() {
    var state = self.cart()
    #expect(self.reads(.titleFromCart, in: &state) == ["cart.totalCents"])
  }

  @Test func anElementLookedUpByIDIsReadAsItsCollection() {
    var state = self.cart()
    #expect(self.reads(.cart(.copyLine(2)), in: &state) == ["cart.lines"])
  }

  @Test func noLogMeansNoReads() {
    var state = self.cart()
    _ = App().reduce(into: &state, action: .cart(.recompute))
    #expect(StateReads.isTaking == false)
  }
}

extension StateReadsTests.Destination.State: Equatable {}
