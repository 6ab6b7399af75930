import ComposableRuntime

/// The scripted session of the demo app that the demo executable prints and records, and the
/// recorder's end-to-end tests replay:
/// - the counter, its timer (stopped by cancel id), a fact loaded through the offline fake client
///   and reported to the parent, and a fact that fails;
/// - todos: three added and described, one toggled, and the debounced sort that sinks it;
/// - search: typing fast enough that a pending search and a request in flight are cancelled,
///   results, then a query the fake fails;
/// - navigation: an editor sheet that saves through a delegate action and dismisses itself, and a
///   stack of two details, one popping itself and one popped by the back button;
/// - profile: a name typed one keystroke per binding action, a bio, a save refused by an alert, a
///   save confirmed through an alert, and a reset chosen in a confirmation dialog.
///
/// It runs on a `TestClock`, so it takes no real time and goes the same way every run.
@MainActor
public enum DemoSession {
  /// The dependencies the session runs with: the clock, incrementing ids and the offline fakes.
  public static func dependencies(
    clock: TestClock<Duration>
  ) -> @Sendable (inout DependencyValues) -> Void {
    { values in
      values.continuousClock = clock
      // NB: Incrementing ids keep the session the same from run to run.
      values.uuid = .incrementing
      values.factClient = .liveValue
      values.searchClient = .liveValue
      // NB: The shared settings live in a store of their own, so that every run starts from the
      // defaults and nothing is left in the user's defaults.
      values.defaultAppStorage = .inMemory
    }
  }

  /// Runs the whole session on `store`, calling `section` before each part.
  public static func run(
    _ store: StoreOf<AppFeature>,
    clock: TestClock<Duration>,
    section: (String) -> Void = { _ in }
  ) async {
    section("Counter")
    await runCounter(store, clock)
    section("Todos")
    await runTodos(store, clock)
    section("Search")
    await runSearch(store, clock)
    section("Navigation")
    await runNavigation(store)
    section("Profile")
    await runProfile(store)
  }

  static func runCounter(_ store: StoreOf<AppFeature>, _ clock: TestClock<Duration>) async {
    store.send(.counter(.view(.incrementButtonTapped)))
    store.send(.counter(.view(.incrementButtonTapped)))
    let timer = store.send(.counter(.view(.toggleTimerButtonTapped)))
    // NB: One interval per step: a single three-second step can overtake a timer whose next
    // sleep registers late on a busy machine, and the session would miss a tick.
    for _ in 0..<3 { await clock.advance(by: .seconds(1)) }
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

  static func runTodos(_ store: StoreOf<AppFeature>, _ clock: TestClock<Duration>) async {
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

  static func runSearch(_ store: StoreOf<AppFeature>, _ clock: TestClock<Duration>) async {
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

  static func runNavigation(_ store: StoreOf<AppFeature>) async {
    // The editor sheet: edit, save; it reports through its delegate and dismisses itself.
    let sheet = store.send(.items(.view(.editButtonTapped(1))))
    store.send(.items(.destination(.presented(.editor(.view(.nameChanged("Tarp")))))))
    store.send(.items(.destination(.presented(.editor(.view(.saveButtonTapped))))))
    await sheet.finish()

    // The stack: push a detail, which pushes another; the second pops itself with `\.dismiss`, the
    // back button pops the first.
    let firstDetail = store.send(.items(.view(.itemTapped(1))))
    guard let first = store.items.path.ids.last else { return }
    let secondDetail = store.send(
      .items(.path(.element(id: first, action: .detail(.view(.relatedItemTapped(2)))))))
    guard let second = store.items.path.ids.last else { return }
    store.send(.items(.path(.element(id: second, action: .detail(.view(.closeButtonTapped))))))
    await secondDetail.finish()
    store.send(.items(.path(.popFrom(id: first))))
    await firstDetail.finish()
  }

  static func runProfile(_ store: StoreOf<AppFeature>) async {
    // Saving before typing a name: an alert that only explains, dismissed. Each presented alert
    // or dialog has a presentation effect, cancelled when it goes away.
    let emptyNameAlert = store.send(.profile(.view(.saveButtonTapped)))
    store.send(.profile(.alert(.dismiss)))
    await emptyNameAlert.finish()

    // A text field sends one binding action per keystroke.
    for length in 1...8 {
      store.send(.profile(.binding(.set(\.name, String("Blob Jr.".prefix(length))))))
    }
    store.send(.profile(.binding(.set(\.bio, "Camps in all weather"))))
    store.send(.profile(.binding(.set(\.isPublic, true))))

    // Save, confirmed by the alert's button; then reset the name through the dialog.
    let saveAlert = store.send(.profile(.view(.saveButtonTapped)))
    store.send(.profile(.alert(.presented(.confirmSave))))
    await saveAlert.finish()
    let resetDialog = store.send(.profile(.view(.resetButtonTapped)))
    store.send(.profile(.dialog(.presented(.resetName))))
    await resetDialog.finish()
    // The shared setting: the profile picks a unit, and the search, which reads the same
    // `.appStorage` key, shows it too; the action's diff has both.
    store.send(.profile(.view(.temperatureUnitPicked(.fahrenheit))))
  }
}
