import Foundation

/// A recorded action that no longer decodes as the feature's `Action`.
struct UndecodableInput: Error {
  let index: Int
  let message: String
}

/// The recorded actions decoded once and kept, for the many runs of one edited replay or chaos
/// exploration.
@MainActor
final class DecodedActions<Action: Decodable> {
  private var actions: [Action?]
  private let decoder = JSONDecoder()

  init(count: Int) {
    self.actions = Array(repeating: nil, count: count)
  }

  func action(at index: Int, in timeline: RecordedTimeline) throws -> Action {
    if let action = self.actions[index] { return action }
    let input = timeline.inputs[index]
    guard let encoding = input.encoding else {
      throw ReplayError("action #\(input.seq) has no stored encoding")
    }
    do {
      let action = try self.decoder.decode(Action.self, from: Data(encoding))
      self.actions[index] = action
      return action
    } catch {
      throw UndecodableInput(
        index: index,
        message: "the recorded action no longer decodes as \(String(reflecting: Action.self)): "
          + ReplayError.oneLine(error))
    }
  }
}
