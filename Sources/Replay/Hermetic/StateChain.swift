import RuntimeReflection
import StateReflection
import Trace

/// The replayed state's hash, chained as the recorder chained the recorded one: each action's
/// change to the state (its diff, with what it did to shared values) is chained into the hash,
/// so comparing one number after an action compares the whole state.
///
/// ```swift
/// var chain = StateChain(hash: start.hash, state: store.state, sharedBaselines: log.baselines)
/// store.send(action)
/// let change = chain.advance(to: store.state, sharedChanges: log.take())
/// chain.hash.value == recorded.stateHash  // the state is the recorded one
/// ```
struct StateChain {
  /// The chained hash of the last state advanced to.
  private(set) var hash: StateHash
  private var lastState: Any
  private let differ = StructuralDiff(redactedPaths: [])
  private let sharedValues: SharedValueBook

  init(hash: StateHash, state: Any, sharedBaselines: SharedBaselines) {
    self.hash = hash
    self.lastState = state
    self.sharedValues = SharedValueBook(baselines: sharedBaselines)
  }

  /// Chains the change from the last state to `state`, with `sharedChanges` (the changes to
  /// shared values made since), into ``hash``, and returns that change.
  mutating func advance(to state: Any, sharedChanges: [SharedChange]) -> [DiffOperation] {
    var operations = self.differ.operations(from: self.lastState, to: state)
    if !sharedChanges.isEmpty {
      operations += self.sharedValues.operations(
        of: self.sharedValues.apply(sharedChanges), in: state, besides: operations,
        differ: self.differ)
    }
    if !operations.isEmpty {
      self.hash.chain(encodedOperations: DiffOperation.jsonText(of: operations))
    }
    self.lastState = state
    return operations
  }
}
