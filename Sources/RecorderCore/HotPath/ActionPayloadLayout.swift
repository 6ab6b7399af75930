/// Where a reduced action's state and action lie in its event's payload slot: the state at the
/// start, the action at ``actionOffset``.
///
/// NB: Offsets rather than a generic struct of the two: code generic over the store's types is
/// not specialized for them, and a generic type built from them costs a metadata look-up at
/// every use, where their own metadata is at hand.
struct ActionPayloadLayout: Sendable {
  let actionOffset: Int
  let slots: PayloadSlots<RecorderEvent, ActionValues>

  init<State, Action>(state: State.Type, action: Action.Type) {
    let actionAlignment = MemoryLayout<Action>.alignment
    let actionOffset =
      (MemoryLayout<State>.size + actionAlignment - 1) / actionAlignment * actionAlignment
    let alignment = max(MemoryLayout<State>.alignment, actionAlignment, 1)
    let size = max(actionOffset + MemoryLayout<Action>.size, 1)
    self.actionOffset = actionOffset
    self.slots = PayloadSlots(
      stride: (size + alignment - 1) / alignment * alignment, alignment: alignment,
      take: { event, slot in
        // NB: Every `.action` event the store appends has its payload written beside it.
        guard case .action = event else { return nil }
        return ActionValues(
          state: slot.assumingMemoryBound(to: State.self).move(),
          action: (slot + actionOffset).assumingMemoryBound(to: Action.self).move())
      })
  }
}

/// A reduced action's state after and the action, as the worker takes them from the payload slot
/// of its ``ActionEvent``.
struct ActionValues {
  let state: Any
  let action: Any
}
