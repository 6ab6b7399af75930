import InstrumentationValues

/// The hot path's per-action bookkeeping, kept between the hooks of one action: the actions
/// received and not yet reduced, when the reducer started, and the child scopes' timings so far.
struct Books {
  /// The oldest action received and not yet reduced; its action is in the observer's typed
  /// room for one.
  var next: PendingAction?
  /// Whether `next` holds an action; asking `next` itself copies it.
  var hasNext = false
  /// The actions received after `next` (sent while the store was busy), oldest first from
  /// `laterHead`.
  var later: [(PendingAction, action: Any)] = []
  var laterHead = 0
  var reduceStart: UInt64 = 0
  /// The read log the thread had before the reducer's run took reads.
  var readsBefore: UnsafeMutableRawPointer?
  var scopeStack: [(start: UInt64, children: Int64)] = []
  var scopes = ScopeTimings.none
  /// How the app's clock is had, once the store's dependencies are wrapped.
  var appClock: AppClockReading?
}
