/// Typed room beside each of the event queue's slots, for values the store's thread would
/// otherwise box: it writes a value of the store's own type there, and the worker's take moves it
/// out, beside the event.
///
/// NB: A value bigger than an `Any`'s three inline words (a feature's state, most root actions)
/// needs a heap box to travel as `Any`. Boxed on the store's thread and freed by the recorder's
/// worker, each box cost an allocation on the store's thread and sent memory back and forth
/// between the two threads' allocator arenas. Slots are allocated with their chunk and reused
/// with it; the boxing, when the worker needs it, happens on the worker's thread. And an event
/// that does not hold the values is smaller: the store writes two cache lines per action, not
/// three.
struct PayloadSlots<Event, Payload>: Sendable {
  /// The bytes from one slot's payload to the next.
  let stride: Int
  let alignment: Int
  /// Moves the payload out of a slot, on the worker's thread, given the event taken from it;
  /// `nil` for an event that has none.
  let take: @Sendable (borrowing Event, UnsafeMutableRawPointer) -> Payload?
}

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
