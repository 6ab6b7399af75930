import ComposableRuntime
import Trace

extension Browser {
  /// What a key does: edit the prompt while one is open, otherwise move, search, watch, fold,
  /// open or close an overlay, follow or quit.
  func handle(_ key: Key, _ state: inout State) -> Effect<Action> {
    state.message = nil
    if state.prompt != nil { return self.edit(key, &state) }
    var stopFollowing = Effect<Action>.none
    if state.isFollowing, key != .character("F") {
      state.isFollowing = false
      stopFollowing = .cancel(id: CancelID.follow)
    }
    let rows = state.layout.mainRows
    if case .why = state.overlay, let effect = self.handleWhyPanel(key, &state) {
      return .merge(stopFollowing, effect)
    }
    let effect: Effect<Action>
    switch key {
    case .character("q"):
      if state.overlay != nil {
        state.overlay = nil
      } else {
        state.isFinished = true
      }
      effect = .none
    case .escape:
      state.overlay = nil
      state.focus = .actions
      effect = .none
    case .character("?"):
      state.overlay = state.overlay == .help ? nil : .help
      effect = .none
    case .tab:
      state.focus = state.focus == .actions ? .state : .actions
      effect = .none
    case .character("j"), .down: effect = self.move(by: 1, &state)
    case .character("k"), .up: effect = self.move(by: -1, &state)
    case .pageDown: effect = self.move(by: rows, &state)
    case .pageUp: effect = self.move(by: -rows, &state)
    case .character("g"), .home: effect = self.move(by: .min, &state)
    case .character("G"), .end: effect = self.move(by: .max, &state)
    case .character(":"):
      state.prompt = Prompt(.jump)
      effect = .none
    case .character("/"):
      state.prompt = Prompt(.search)
      effect = .none
    case .character("w"):
      state.prompt = Prompt(.watch, text: state.watch?.path.description ?? "")
      effect = .none
    case .character("n"): effect = self.search(.forward, state)
    case .character("N"): effect = self.search(.backward, state)
    case .character("]"): effect = self.jumpToChange(.forward, &state)
    case .character("["): effect = self.jumpToChange(.backward, &state)
    case .character("e"):
      if case .effects = state.overlay {
        state.overlay = nil
        effect = .none
      } else {
        effect = self.loadOverlay(.effects(seq: state.cursor, []))
      }
    case .character("s"):
      if case .scopes = state.overlay {
        state.overlay = nil
        effect = .none
      } else {
        effect = self.loadOverlay(.scopes(seq: state.cursor, []))
      }
    case .enter, .character(" "):
      if let tree = state.tree, let row = tree.index(of: state.selection),
        tree.lines[row].isFoldable
      {
        if state.folded.remove(state.selection) == nil { state.folded.insert(state.selection) }
      }
      effect = .none
    case .character("F"):
      effect = self.toggleFollowing(&state)
    case .character("y"):
      state.prompt = Prompt(.why, text: state.watch?.path.description ?? "")
      effect = .none
    case .character("f"):
      state.prompt = Prompt(.find)
      effect = .none
    case .character("o"):
      effect = self.jumpToStarter(&state)
    case .character("'"):
      if let seq = state.jumps.popLast() {
        effect = self.jump(to: seq, &state)
      } else {
        state.message = "no jump to go back to: o, f or a why row jumps first"
        effect = .none
      }
    default:
      effect = .none
    }
    return .merge(stopFollowing, effect)
  }

  /// Moves the cursor, or the selection in the state tree when it has the focus, by `delta`
  /// rows; `.min` and `.max` go to the first and the last.
  private func move(by delta: Int, _ state: inout State) -> Effect<Action> {
    if state.focus == .state {
      guard let paths = state.tree?.selectablePaths, !paths.isEmpty else { return .none }
      let index = paths.firstIndex(of: state.selection) ?? 0
      let target =
        delta == .min ? 0 : delta == .max ? paths.count - 1 : index + delta
      state.selection = paths[min(max(target, 0), paths.count - 1)]
      return .none
    }
    guard let bounds = state.bounds, let row = state.cursorRow else { return .none }
    let rows = state.layout.mainRows
    switch delta {
    case .min:
      return self.loadWindow(WindowRequest(target: bounds.lowerBound, row: 0, rows: rows))
    case .max:
      return self.loadWindow(WindowRequest(target: bounds.upperBound, row: rows - 1, rows: rows))
    default:
      let target = row + delta
      if state.rows.indices.contains(target) {
        state.cursor = state.rows[target].seq
        return self.loadDetail(state)
      }
      if delta > 0, state.cursor >= bounds.upperBound { return .none }
      if delta < 0, state.cursor <= bounds.lowerBound { return .none }
      let screenRow = abs(delta) == 1 ? (delta > 0 ? rows - 1 : 0) : row
      return self.loadWindow(
        WindowRequest(target: state.cursor, offset: delta, row: screenRow, rows: rows))
    }
  }

  /// Moves the cursor to `seq` as ``jump(to:_:note:)`` does, and keeps the seq it leaves in the
  /// jump list for `'`.
  func leap(to seq: Int64, _ state: inout State) -> Effect<Action> {
    if seq != state.cursor {
      state.jumps.append(state.cursor)
      if state.jumps.count > Self.jumpListLength { state.jumps.removeFirst() }
    }
    return self.jump(to: seq, &state)
  }

  /// How many jumps `'` can go back.
  static let jumpListLength = 100

  /// Keys of the why panel: move among its rows, Enter jumps to the row's action; `nil` for a
  /// key the panel leaves to the view.
  private func handleWhyPanel(_ key: Key, _ state: inout State) -> Effect<Action>? {
    guard case let .why(seq, cause, selected) = state.overlay else { return nil }
    switch key {
    case .character("j"), .down:
      state.overlay = .why(seq: seq, cause, selected: min(selected + 1, cause.chain.count - 1))
      return Effect.none
    case .character("k"), .up:
      state.overlay = .why(seq: seq, cause, selected: max(selected - 1, 0))
      return Effect.none
    case .enter:
      guard cause.chain.indices.contains(selected) else { return Effect.none }
      state.overlay = nil
      return self.leap(to: cause.chain[selected].seq, &state)
    default:
      return nil
    }
  }

  /// Jumps from an action an effect sent to the action that started the effect.
  private func jumpToStarter(_ state: inout State) -> Effect<Action> {
    guard let action = state.detail?.action, action.seq == state.cursor else { return .none }
    guard case let .effect(id) = action.origin else {
      state.message = "#\(action.seq) was sent from outside: no effect sent it"
      return .none
    }
    let client = self.client
    return .run { send in
      await send(
        .leapFound(
          await catching { try await client.starter(id) },
          missing: "effect #\(id) has no starting action in the trace"))
    }
  }

  /// Moves the cursor to `seq`: within the rows shown, or to a new window with it in the middle.
  func jump(to seq: Int64, _ state: inout State, note: String? = nil) -> Effect<Action> {
    if state.rows.contains(where: { $0.seq == seq }) {
      state.cursor = seq
      state.message = note
      return self.loadDetail(state)
    }
    let rows = state.layout.mainRows
    return self.loadWindow(WindowRequest(target: seq, row: rows / 2, rows: rows), note: note)
  }

  private func search(_ direction: TraceReader.SearchDirection, _ state: State) -> Effect<Action> {
    guard let text = state.search else {
      return .send(.found(.success(nil), missing: "no search yet: / TEXT Enter first"))
    }
    return self.search(text, from: state.cursor, direction)
  }

  /// Moves to the next action after `seq` (or the previous one before it) whose name contains
  /// `text`; past the last (or the first) match it wraps around to the first (or the last), as
  /// vim does, and says so on the status line.
  func search(
    _ text: String, from seq: Int64, _ direction: TraceReader.SearchDirection
  ) -> Effect<Action> {
    let client = self.client
    return .run { send in
      let found = await catching { try await client.search(text, seq, direction) }
      guard case .success(nil) = found else {
        await send(.found(found, missing: ""))
        return
      }
      let (restart, note): (Int64, String) =
        switch direction {
        case .forward: (.min, "search hit BOTTOM, continuing at TOP")
        case .backward: (.max, "search hit TOP, continuing at BOTTOM")
        }
      await send(
        .found(
          await catching { try await client.search(text, restart, direction) },
          missing: "no action matches \"\(text)\"", note: note))
    }
  }

  private func jumpToChange(
    _ direction: TraceReader.SearchDirection, _ state: inout State
  ) -> Effect<Action> {
    guard let path = state.watch?.path else {
      state.message = "no watched path: w PATH Enter first"
      return .none
    }
    let (client, seq) = (self.client, state.cursor)
    let place = direction == .forward ? "after" : "before"
    return .run { send in
      await send(
        .found(
          await catching { try await client.change(path, seq, direction) },
          missing: "no change of \(path.description.isEmpty ? "the state" : path.description) "
            + "\(place) #\(seq)"))
    }
  }

  private func toggleFollowing(_ state: inout State) -> Effect<Action> {
    state.isFollowing.toggle()
    guard state.isFollowing else { return .cancel(id: CancelID.follow) }
    let (client, clock) = (self.client, self.clock)
    return .run { send in
      await send(.followed(await catching { try await client.bounds() }))
      for await _ in clock.timer(interval: Self.followInterval) {
        await send(.followed(await catching { try await client.bounds() }))
      }
    }
    .cancellable(id: CancelID.follow, cancelInFlight: true)
  }
}
