import ComposableRuntime
import RuntimeReflection
import Trace

/// Watches a live replay's store: names each action it reduces by the recorded seq in its place,
/// keeps the state after it chained into a hash, tells the dependency playback who is reading,
/// and matches each effect to the recorded effect in its place.
///
/// An action sent from outside takes the seq the replay is feeding (``sentSeq``); the n-th action
/// effects send back takes the seq of the recording's n-th such action.
@MainActor
final class LiveObserver<State, Action>: StoreObserver {
  /// An action reduced, and the state after it.
  struct Reduced {
    let action: Action
    let state: State
    /// Its change and the hash chained with it; `nil` for an action the recording has no
    /// state for (one the deny-list kept out).
    let change: (operations: [DiffOperation], hash: Int64)?
  }

  /// The seq of the input being sent from outside.
  var sentSeq: Int64 = 0
  /// The actions reduced and not yet taken, by the recorded seq in their place.
  private var reduced: [Int64: Reduced] = [:]
  /// How many actions effects sent back, and how many of them the recording has no place for.
  private(set) var effectActions = 0
  private(set) var extraEffectActions: [Action] = []
  private(set) var chain: StateChain

  private let playback: DependencyPlayback
  private let shared: SharedChangeLog
  private let inputs: [Int64: ReplayInput]
  private let effectOutputs: [Int64]
  private let recordedEffectsStarted: [Int64: [Int64]]
  private var seqOfAction: [ActionID: Int64] = [:]
  private var actionOf: [ActionID: Action] = [:]
  private var effectsStarted: [ActionID: Int] = [:]

  init(
    inputs: [ReplayInput], effects: [EffectRow], chain: StateChain,
    playback: DependencyPlayback, shared: SharedChangeLog
  ) {
    self.inputs = Dictionary(inputs.map { ($0.seq, $0) }, uniquingKeysWith: { first, _ in first })
    self.effectOutputs = inputs.compactMap { input in
      if case .effect = input.origin { input.seq } else { nil }
    }
    var started: [Int64: [Int64]] = [:]
    for row in effects.sorted(by: { $0.start.id < $1.start.id }) {
      started[row.start.actionSeq, default: []].append(row.start.id)
    }
    self.recordedEffectsStarted = started
    self.chain = chain
    self.playback = playback
    self.shared = shared
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    self.actionOf[id] = action
    switch origin {
    case .send:
      self.seqOfAction[id] = self.sentSeq
    case .effect:
      if self.effectActions < self.effectOutputs.count {
        self.seqOfAction[id] = self.effectOutputs[self.effectActions]
      } else {
        self.extraEffectActions.append(action)
      }
      self.effectActions += 1
    }
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    self.playback.currentSeq = self.seqOfAction[action] ?? -1
    self.playback.isReducing = true
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    self.playback.isReducing = false
    let reducedAction = self.actionOf.removeValue(forKey: action)
    guard let seq = self.seqOfAction[action], let reducedAction else {
      _ = self.chain.advance(to: state, sharedChanges: self.shared.take())
      return
    }
    // NB: As the hermetic replay: an action the deny-list kept out is not compared; its change
    // is chained with the next recorded action's.
    var change: (operations: [DiffOperation], hash: Int64)?
    if self.inputs[seq]?.recorded != nil {
      let operations = self.chain.advance(to: state, sharedChanges: self.shared.take())
      change = (operations, self.chain.hash.value)
    }
    self.reduced[seq] = Reduced(action: reducedAction, state: state, change: change)
  }

  func effectDidStart(_ effect: EffectStart) {
    guard let seq = self.seqOfAction[effect.action] else { return }
    let place = self.effectsStarted[effect.action, default: 0]
    self.effectsStarted[effect.action] = place + 1
    if let ids = self.recordedEffectsStarted[seq], place < ids.count {
      self.playback.recordedEffects[effect.id] = (ids[place], seq)
    }
  }

  /// Takes the action reduced in the place of `seq`, if it was.
  func take(_ seq: Int64) -> Reduced? {
    self.reduced.removeValue(forKey: seq)
  }

  /// Chains a change made outside any action (a recorded shared value put back) into the hash.
  func advance(to state: State) -> [DiffOperation] {
    self.chain.advance(to: state, sharedChanges: self.shared.take())
  }
}
