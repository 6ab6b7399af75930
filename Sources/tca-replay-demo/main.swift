import ComposableRuntime
import DemoApp

// A scripted session of the demo app on a test clock. Each instrumentation event prints as it
// happens:
// - the counter, its timer (stopped by cancel id), a fact loaded through the offline fake client
//   and reported to the parent, and a fact that fails;
// - todos: three added and described, one toggled, and the debounced sort that sinks it;
// - search: typing fast enough that a pending search and a request in flight are cancelled,
//   results, then a query the fake fails;
// - navigation: an editor sheet that saves through a delegate action and dismisses itself, and a
//   stack of two details, one popping itself and one popped by the back button.

@MainActor
func runSession() async {
  let clock = TestClock()
  let store = Store(initialState: AppFeature.State()) {
    AppFeature()
  } withDependencies: {
    $0.continuousClock = clock
    // NB: Incrementing ids keep the printed session the same from run to run.
    $0.uuid = .incrementing
    $0.factClient = .liveValue
    $0.searchClient = .liveValue
  }
  let printer = SessionPrinter(clock: clock)
  store.observer = printer

  printer.section("Counter")
  await runCounter(store, clock)
  printer.section("Todos")
  await runTodos(store, clock)
  printer.section("Search")
  await runSearch(store, clock)
  printer.section("Navigation")
  await runNavigation(store)

  print("\nFinal state:")
  print(SessionPrinter.shortenUUIDs(in: String(customDumping: store.state)))
}

@MainActor
func runCounter(_ store: StoreOf<AppFeature>, _ clock: TestClock<Duration>) async {
  store.send(.counter(.view(.incrementButtonTapped)))
  store.send(.counter(.view(.incrementButtonTapped)))
  let timer = store.send(.counter(.view(.toggleTimerButtonTapped)))
  await clock.advance(by: .seconds(3))
  store.send(.counter(.view(.toggleTimerButtonTapped)))
  await timer.finish()

  let fact = store.send(.counter(.view(.factButtonTapped)))
  await clock.advance(by: .milliseconds(300))
  await fact.finish()

  for _ in 0..<8 { store.send(.counter(.view(.incrementButtonTapped))) }
  let unlucky = store.send(.counter(.view(.factButtonTapped)))
  await clock.advance(by: .milliseconds(300))
  await unlucky.finish()
}

@MainActor
func runTodos(_ store: StoreOf<AppFeature>, _ clock: TestClock<Duration>) async {
  for _ in 0..<3 { store.send(.todos(.view(.addTodoButtonTapped))) }
  // Added on top: the newest todo is first.
  for (todo, description) in zip(store.todos.todos, ["Pack the tent", "Buy gas", "Check map"]) {
    store.send(.todos(.todos(.element(id: todo.id, action: .descriptionChanged(description)))))
  }
  let first = store.todos.todos[0].id
  let sort = store.send(.todos(.todos(.element(id: first, action: .checkBoxToggled))))
  await clock.advance(by: .seconds(1))
  await sort.finish()
}

@MainActor
func runSearch(_ store: StoreOf<AppFeature>, _ clock: TestClock<Duration>) async {
  // "B" is cancelled while it waits out the 300 ms debounce, "Be" while its request is in
  // flight (it started at 400 ms and needs 200 ms); "Ber" gets its results.
  store.send(.search(.view(.queryChanged("B"))))
  await clock.advance(by: .milliseconds(100))
  store.send(.search(.view(.queryChanged("Be"))))
  await clock.advance(by: .milliseconds(350))
  let search = store.send(.search(.view(.queryChanged("Ber"))))
  await clock.advance(by: .milliseconds(500))
  await search.finish()

  let failing = store.send(.search(.view(.queryChanged("error"))))
  await clock.advance(by: .milliseconds(500))
  await failing.finish()
}

@MainActor
func runNavigation(_ store: StoreOf<AppFeature>) async {
  // The editor sheet: edit, save; it reports through its delegate and dismisses itself.
  let sheet = store.send(.items(.view(.editButtonTapped(1))))
  store.send(.items(.destination(.presented(.editor(.view(.nameChanged("Tarp")))))))
  store.send(.items(.destination(.presented(.editor(.view(.saveButtonTapped))))))
  await sheet.finish()

  // The stack: push a detail, which pushes another; the second pops itself with `\.dismiss`, the
  // back button pops the first.
  let firstDetail = store.send(.items(.view(.itemTapped(1))))
  guard let first = store.items.path.ids.last else { fatalError("Tapping an item pushed nothing") }
  let secondDetail = store.send(
    .items(.path(.element(id: first, action: .detail(.view(.relatedItemTapped(2)))))))
  guard let second = store.items.path.ids.last else { fatalError("The detail pushed nothing") }
  store.send(.items(.path(.element(id: second, action: .detail(.view(.closeButtonTapped))))))
  await secondDetail.finish()
  store.send(.items(.path(.popFrom(id: first))))
  await firstDetail.finish()
}

await withMainSerialExecutor {
  await runSession()
}
