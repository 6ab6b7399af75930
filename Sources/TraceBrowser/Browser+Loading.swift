import ComposableRuntime
import Trace

extension Browser {
  /// Reads the window `request` asks for; a newer request cancels an older one still reading.
  func loadWindow(_ request: WindowRequest, note: String? = nil) -> Effect<Action> {
    let client = self.client
    return .run { send in
      await send(.windowLoaded(await catching { try await client.window(request) }, note: note))
    }
    .cancellable(id: CancelID.window, cancelInFlight: true)
  }

  /// Reads the action and the state at the cursor, and the open overlay's contents for it.
  func loadDetail(_ state: State) -> Effect<Action> {
    let (client, seq) = (self.client, state.cursor)
    let detail = Effect<Action>.run { send in
      await send(.detailLoaded(await catching { try await client.detail(seq) }))
    }
    .cancellable(id: CancelID.detail, cancelInFlight: true)
    switch state.overlay {
    case .effects: return .concatenate(detail, self.loadOverlay(.effects(seq: seq, [])))
    case .scopes: return .concatenate(detail, self.loadOverlay(.scopes(seq: seq, [])))
    case .help, .why, nil: return detail
    }
  }

  /// Reads which of the rows shown changed the watched path.
  func loadMarks(_ state: State) -> Effect<Action> {
    guard let path = state.watch?.path, let first = state.rows.first?.seq,
      let last = state.rows.last?.seq
    else { return .none }
    let client = self.client
    return .run { send in
      await send(.marksLoaded(await catching { try await client.changes(path, first...last) }))
    }
    .cancellable(id: CancelID.marks, cancelInFlight: true)
  }

  /// Reads the contents of an effects or scopes overlay for its action.
  func loadOverlay(_ overlay: Overlay) -> Effect<Action> {
    let client = self.client
    return .run { send in
      await send(
        .overlayLoaded(
          await catching {
            switch overlay {
            case let .effects(seq, _): .effects(seq: seq, try await client.effects(seq))
            case let .scopes(seq, _): .scopes(seq: seq, try await client.scopes(seq))
            case .help: .help
            case .why: overlay
            }
          }))
    }
  }
}

/// The result of `body`, with any error as a one-line ``BrowserFailure``.
func catching<T>(_ body: () async throws -> T) async -> Result<T, BrowserFailure> {
  do {
    return .success(try await body())
  } catch {
    return .failure(BrowserFailure(error))
  }
}
