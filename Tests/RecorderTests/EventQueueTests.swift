import Foundation
import Testing

@testable import Recorder
@testable import RecorderCore

@Suite("The queue between the store and the recorder's worker", .serialized)
struct EventQueueTests {
  /// Takes without waiting until `count` events came out (or a take came back empty twice in a
  /// row after the queue closed).
  private func drain(
    _ queue: EventQueue<Int, Never>
  ) -> (events: [Int], refused: EventQueue<Int, Never>.Refused) {
    var events: [Int] = []
    var refused = EventQueue<Int, Never>.Refused()
    while let (taken, _, refusals) = queue.take(waitingUpTo: 0) {
      events += taken
      refused.overLimit += refusals.overLimit
      refused.afterClose += refusals.afterClose
      if taken.isEmpty, refusals.isEmpty { break }
    }
    return (events, refused)
  }

  @Test("The store's events come out in order, across many chunks")
  func order() {
    let queue = EventQueue<Int, Never>(capacity: 100_000)
    let count = EventQueue<Int, Never>.Chunk.size * 3 + 17
    for value in 0..<count { #expect(queue.appendFromStore(value)) }
    #expect(drain(queue).events == Array(0..<count))
  }

  @Test("An event from another thread lands after the store's events appended before it")
  func foreignEventsKeepTheirPlace() {
    let queue = EventQueue<Int, Never>(capacity: 100)
    for value in 0..<3 { _ = queue.appendFromStore(value) }
    #expect(queue.append(-1))
    for value in 3..<5 { _ = queue.appendFromStore(value) }
    #expect(queue.append(-2))
    #expect(drain(queue).events == [0, 1, 2, -1, 3, 4, -2])
  }

  @Test("Takes of at most a few events, into the same arrays, hand out every event in order")
  func limitedTakes() {
    let queue = EventQueue<Int, Never>(capacity: 100_000)
    let count = EventQueue<Int, Never>.Chunk.size + 9
    for value in 0..<count {
      _ = queue.appendFromStore(value)
      // Other threads' events after the 5th and the last of the store's, and one in a later take.
      if value == 4 || value == count - 1 { #expect(queue.append(-value)) }
    }
    queue.close()
    var events: [Int] = []
    var payloads: [Never] = []
    var taken: [[Int]] = []
    while queue.take(waitingUpTo: 0, atMost: 7, into: &events, payloads: &payloads) != nil {
      #expect(events.count <= 7 + 2)
      taken.append(events)
      events.removeAll(keepingCapacity: true)
    }
    var expected = Array(0..<count)
    expected.insert(-4, at: 5)
    expected.append(-(count - 1))
    #expect(taken.joined().elementsEqual(expected))
    #expect(taken.count == (count + 6) / 7)
    #expect(taken.first == [0, 1, 2, 3, 4, -4, 5, 6])
  }

  @Test("Past its capacity the queue refuses and counts, and takes make room again")
  func capacity() {
    let queue = EventQueue<Int, Never>(capacity: 10)
    let accepted = (0..<12).filter { queue.appendFromStore($0) }
    #expect(accepted == Array(0..<10))
    let (events, refused) = drain(queue)
    #expect(events == Array(0..<10))
    #expect(refused == .init(overLimit: 2, afterClose: 0))
    #expect(queue.appendFromStore(12))
    #expect(drain(queue).events == [12])
  }

  @Test("Waiting when full, the store holds no event past the capacity")
  func waitsAtCapacity() {
    let queue = EventQueue<Int, Never>(capacity: 10, waitsWhenFull: true)
    for value in 0..<10 { #expect(queue.appendFromStore(value)) }
    // Nothing takes, so the 11th waits for room; the queue closes meanwhile, and it is refused.
    // (Were it let in, it would come back `true` at once, before the close.)
    Thread {
      usleep(200_000)
      queue.close()
    }.start()
    #expect(!queue.appendFromStore(10))
    let (events, refused) = drain(queue)
    #expect(events == Array(0..<10))
    #expect(refused == .init(overLimit: 0, afterClose: 1))
  }

  @Test("A closed queue hands out what it holds, counts what came late, then ends")
  func close() {
    let queue = EventQueue<Int, Never>(capacity: 10)
    _ = queue.appendFromStore(1)
    queue.close()
    #expect(!queue.appendFromStore(2))
    #expect(!queue.append(3))
    let first = queue.take(waitingUpTo: 0)
    #expect(first?.events == [1])
    #expect(first?.refused == .init(overLimit: 0, afterClose: 2))
    #expect(queue.take(waitingUpTo: 0) == nil)
  }

  @Test("Emptied chunks are filled again instead of new ones")
  func chunksAreReused() {
    let queue = EventQueue<Int, Never>(capacity: 100_000)
    let burst = EventQueue<Int, Never>.Chunk.size * 4
    for round in 0..<5 {
      for value in 0..<burst { _ = queue.appendFromStore(round * burst + value) }
      #expect(drain(queue).events == Array((round * burst)..<((round + 1) * burst)))
    }
    // One burst needs five chunks (the current one is never handed back while the store may
    // write to it); later bursts reuse them.
    #expect(queue.chunksAllocated <= 6)
  }

  @Test("A store appending on one thread while the worker takes on another loses nothing")
  func concurrentAppendAndTake() async {
    let queue = EventQueue<Int, Never>(capacity: 1_000_000)
    let count = 200_000
    let producer = Thread {
      for value in 0..<count {
        _ = queue.appendFromStore(value)
        if value.isMultiple(of: 1_000) { _ = queue.append(-value - 1) }
      }
    }
    producer.start()
    var events: [Int] = []
    var fromStore = 0
    while fromStore < count {
      let taken = queue.take(waitingUpTo: 0)?.events ?? []
      fromStore += taken.count { $0 >= 0 }
      events += taken
    }
    #expect(events.filter { $0 >= 0 } == Array(0..<count))
    // Each marker sits right after the store's event it followed.
    let markers = events.enumerated().filter { $0.element < 0 }
    #expect(markers.count == count / 1_000)
    for (index, marker) in markers {
      #expect(index > 0 && events[index - 1] == -marker - 1)
    }
  }

  /// A payload with a count of the copies alive, to see every one moved out or destroyed.
  final class Payload: @unchecked Sendable {
    static let alive = LockedCount()
    let value: Int
    init(_ value: Int) {
      self.value = value
      Self.alive.add(1)
    }
    deinit { Self.alive.add(-1) }
  }

  final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ delta: Int) { self.lock.withLock { self.count += delta } }
    var value: Int { self.lock.withLock { self.count } }
  }

  /// Slots that hold a `Payload` beside every even event.
  static let payloads = PayloadSlots<Int, Int>(
    stride: MemoryLayout<Payload>.stride, alignment: MemoryLayout<Payload>.alignment,
    take: { event, slot in
      guard event.isMultiple(of: 2) else { return nil }
      return slot.assumingMemoryBound(to: Payload.self).move().value
    })

  @Test("Payloads come out beside their events, in order, and none outlives the queue")
  func payloadsTravelBesideTheirEvents() {
    let aliveBefore = Payload.alive.value
    do {
      let queue = EventQueue<Int, Int>(capacity: 100_000, payloads: Self.payloads)
      let count = EventQueue<Int, Int>.Chunk.size * 2 + 5
      for value in 0..<count {
        if value.isMultiple(of: 2) {
          #expect(
            queue.appendFromStore(value, making: { $0 }) { slot in
              slot.initializeMemory(as: Payload.self, repeating: Payload(value * 10), count: 1)
            })
        } else {
          #expect(queue.appendFromStore(value))
        }
      }
      let taken = queue.take(waitingUpTo: 0)
      #expect(taken?.events == Array(0..<count))
      #expect(taken?.payloads == stride(from: 0, to: count, by: 2).map { $0 * 10 })
      // Left in the queue when it goes: destroyed with it.
      for value in stride(from: 0, to: 6, by: 2) {
        _ = queue.appendFromStore(value, making: { $0 }) { slot in
          slot.initializeMemory(as: Payload.self, repeating: Payload(value), count: 1)
        }
      }
      #expect(Payload.alive.value == aliveBefore + 3)
    }
    #expect(Payload.alive.value == aliveBefore)
  }

  @Test("A refused event's payload is never made")
  func refusedPayloadIsNotMade() {
    let queue = EventQueue<Int, Int>(capacity: 1, payloads: Self.payloads)
    var made = 0
    for value in [0, 2] {
      _ = queue.appendFromStore(value, making: { $0 }) { slot in
        made += 1
        slot.initializeMemory(as: Payload.self, repeating: Payload(value), count: 1)
      }
    }
    #expect(made == 1)
    let taken = queue.take(waitingUpTo: 0)
    #expect(taken?.payloads == [0])
    #expect(taken?.refused.overLimit == 1)
  }

  @Test("A backlog of a batch is taken at once, not an interval after the last take")
  func backlogIsTakenAtOnce() {
    let queue = EventQueue<Int, Never>(capacity: 100_000)
    _ = queue.take(waitingUpTo: 0)
    for value in 0..<100 { _ = queue.appendFromStore(value) }
    // Were the backlog ignored, the take would wait an hour; the test gives up on it after a
    // minute (a take that works returns at once).
    let taken = self.takeOnAnotherThread {
      queue.take(waitingUpTo: 3_600, orUntilBacklog: 100)?.events
    }
    #expect(taken == Array(0..<100))
    queue.close()
  }

  @Test("A worker holding off for a burst takes once the store pauses")
  func holdOffEndsWhenTheStorePauses() {
    let queue = EventQueue<Int, Never>(capacity: 100_000)
    for value in 0..<100 { _ = queue.appendFromStore(value) }
    // The store sends nothing more: were the pause not seen, the take would hold off an hour.
    let taken = self.takeOnAnotherThread {
      queue.take(waitingUpTo: 0, holdingOffUpTo: 1_000_000, for: 3_600)?.events
    }
    #expect(taken == Array(0..<100))
    queue.close()
  }

  @Test(
    "A worker holding off for a burst takes once the burst's limit waits, the store still sending")
  func holdOffEndsAtTheBurstLimit() {
    let queue = EventQueue<Int, Never>(capacity: 1_000_000)
    let stop = LockIsolatedCount()
    let appended = LockIsolatedCount()
    // The store's thread: sends until the take has come back.
    let storeDone = DispatchSemaphore(value: 0)
    Thread {
      var value = 0
      while stop.value == 0 {
        _ = queue.appendFromStore(value)
        value += 1
        appended.value = value
      }
      storeDone.signal()
    }.start()
    while appended.value == 0 { usleep(100) }
    let taken = self.takeOnAnotherThread {
      queue.take(waitingUpTo: 0, holdingOffUpTo: 5_000, for: 3_600)?.events
    }
    stop.value = 1
    storeDone.wait()
    // Taken in order from the first; how many depends on when the take looked.
    let events = taken ?? []
    #expect(!events.isEmpty)
    #expect(events == Array(0..<events.count))
    queue.close()
  }

  @Test("Events from other threads are counted while they wait, for a worker holding off")
  func foreignEventsWaitingAreCounted() {
    let queue = EventQueue<Int, Never>(capacity: 100)
    #expect(queue.foreignEventsWaiting == 0)
    for value in 0..<10 { _ = queue.appendFromStore(value) }
    _ = queue.append(-1)
    _ = queue.append(-2)
    #expect(queue.foreignEventsWaiting == 2)
    // A take of 5 leaves both behind the store's events still queued.
    var events: [Int] = []
    var payloads: [Never] = []
    _ = queue.take(waitingUpTo: 0, atMost: 5, into: &events, payloads: &payloads)
    #expect(events == Array(0..<5))
    #expect(queue.foreignEventsWaiting == 2)
    events = []
    _ = queue.take(waitingUpTo: 0, into: &events, payloads: &payloads)
    #expect(events == Array(5..<10) + [-1, -2])
    #expect(queue.foreignEventsWaiting == 0)
    queue.close()
  }

  /// What `take` returns on a thread of its own, as the worker takes; `nil` if it has not
  /// returned within a minute (a take that works returns in milliseconds).
  private func takeOnAnotherThread(_ take: @escaping @Sendable () -> [Int]?) -> [Int]? {
    let taken = LockIsolatedEvents()
    let done = DispatchSemaphore(value: 0)
    Thread {
      taken.events = take()
      done.signal()
    }.start()
    #expect(done.wait(timeout: .now() + 60) == .success)
    return taken.events
  }

  final class LockIsolatedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int {
      get { self.lock.withLock { self.count } }
      set { self.lock.withLock { self.count = newValue } }
    }
  }

  final class LockIsolatedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [Int]?
    var events: [Int]? {
      get { self.lock.withLock { self.value } }
      set { self.lock.withLock { self.value = newValue } }
    }
  }
}

extension EventQueue {
  /// Every event a take hands out, in fresh arrays: what the tests compare.
  func take(
    waitingUpTo interval: TimeInterval, orUntilBacklog backlog: Int = .max,
    holdingOffUpTo burst: Int = 0, for holdOff: TimeInterval = 0
  ) -> (events: [Event], payloads: [Payload], refused: Refused)? {
    var events: [Event] = []
    var payloads: [Payload] = []
    guard
      let refused = self.take(
        waitingUpTo: interval, orUntilBacklog: backlog, holdingOffUpTo: burst, for: holdOff,
        into: &events, payloads: &payloads)
    else { return nil }
    return (events, payloads, refused)
  }
}
