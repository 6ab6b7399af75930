import ComposableRuntime
import Trace

extension Replay {
  /// Replays the recording with its inputs edited, hermetically, to the end: "what if this
  /// action had not happened, or had carried another value?"
  ///
  /// ```swift
  /// let replay = try Replay(path: "session.sqlite")
  /// let result = try await replay.run(AppFeature(), edits: [
  ///   .skip(12), .replace(30, with: .counter(.view(.decrementButtonTapped))),
  ///   .insert(after: 12, .clearFactsButtonTapped),
  /// ])
  /// result.divergence     // the first action whose outcome differs from the recording's
  /// result.effectChanges  // the effects that started or stopped differently
  /// result.state          // the state at the end, reflected
  /// result.issues         // what the runtime reported, one line each
  /// ```
  ///
  /// Effects are tracked, not run, and matched to the recording's by the action that started
  /// them and their place among its effects: an effect whose starting action is gone delivers
  /// nothing, and so does one the edited run starts that the recording never had (both are
  /// listed in ``ReplayResult/effectChanges``); an output whose effect was cancelled before it
  /// is dropped. Each action is compared with the recorded one in its place by its own change to
  /// the state, so leaving out an early action does not make every later one differ.
  ///
  /// The trace is read once per `Replay`: call this as often as needed (a shrinker does,
  /// hundreds of times).
  ///
  /// - Parameters:
  ///   - stateAt: take ``ReplayResult/state`` after this seq (and whatever was inserted after
  ///     it) instead of at the end.
  ///   - prepareDependencies: the caller's dependencies, which answer what the reducer itself
  ///     calls as it runs; the clocks and the recorded `uuid`, `date` and random values stand
  ///     whatever this sets.
  /// - Throws: a one-line ``ReplayError`` when the trace records another feature or an edit
  ///   names a seq the trace does not have.
  @MainActor
  public func run<R: Reducer>(
    _ reducer: R, edits: [ReplayEdit<R.Action>], stateAt: Int64? = nil,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async throws -> ReplayResult where R.State: Codable, R.Action: Codable {
    try self.checkRootType(R.State.self)
    do {
      let timeline = try self.timelineCache.timeline(self.reader)
      return try EditedReplay(
        reader: self.reader, timeline: timeline, reducer: reducer,
        actions: self.timelineCache.actions(R.Action.self, of: timeline), edits: edits,
        stateAt: stateAt, prepareDependencies: prepareDependencies
      ).run()
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError("\(self.path): \(error)")
    }
  }
}
