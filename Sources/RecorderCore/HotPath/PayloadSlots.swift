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
