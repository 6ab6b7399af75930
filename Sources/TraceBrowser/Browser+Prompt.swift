import ComposableRuntime
import Trace

extension Browser {
  /// Edits the line typed after `:`, `/`, `w`, `y` or `f`; Enter runs it, Escape (or Backspace on an empty
  /// line) drops it.
  func edit(_ key: Key, _ state: inout State) -> Effect<Action> {
    guard let prompt = state.prompt else { return .none }
    switch key {
    case let .character(character):
      state.prompt?.text.append(character)
      return .none
    case .backspace:
      if prompt.text.isEmpty {
        state.prompt = nil
      } else {
        state.prompt?.text.removeLast()
      }
      return .none
    case .escape:
      state.prompt = nil
      return .none
    case .enter:
      state.prompt = nil
      return self.submit(prompt, &state)
    default:
      return .none
    }
  }

  private func submit(_ prompt: Prompt, _ state: inout State) -> Effect<Action> {
    let text = prompt.text.trimmingCharacters(in: .whitespaces)
    switch prompt.kind {
    case .jump:
      guard let seq = Int64(text) else {
        state.message = "expected a seq (a whole number) after ':', found \"\(text)\""
        return .none
      }
      var note: String?
      if let bounds = state.bounds, !bounds.contains(seq) {
        note = "no action #\(seq): the trace holds #\(bounds.lowerBound) to #\(bounds.upperBound)"
      }
      return self.jump(to: seq, &state, note: note)
    case .search:
      guard !text.isEmpty else { return .none }
      state.search = text
      return self.search(text, from: state.cursor, .forward)
    case .watch:
      guard !text.isEmpty else {
        state.watch = nil
        return .none
      }
      do {
        state.watch = Watch(path: try TracePath(parsing: text))
      } catch {
        state.message = "\(error)"
        return .none
      }
      return self.loadMarks(state)
    case .why:
      let path: TracePath
      do {
        path = try TracePath(parsing: text)
      } catch {
        state.message = "\(error)"
        return .none
      }
      let (client, seq) = (self.client, state.cursor)
      return .run { send in
        await send(
          .whyLoaded(await catching { try await client.cause(path, seq) }, path: path, seq: seq))
      }
    case .find:
      guard !text.isEmpty else { return .none }
      let predicate: StatePredicate
      do {
        predicate = try StatePredicate(parsing: text)
      } catch {
        state.message = "\(error)"
        return .none
      }
      let (client, seq) = (self.client, state.cursor)
      return .run { send in
        await send(
          .leapFound(
            await catching { try await client.match(predicate, seq + 1) },
            missing: "no action after #\(seq) where \(text) holds"))
      }
    }
  }
}
