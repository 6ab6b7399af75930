import Foundation
import Testing

@testable import Recorder

@Suite("The queue between the store and the recorder's worker")
struct EventQueueTests {
  /// Takes without waiting until `count` events came out (or a take came back empty twice in a
  /// row after the queue closed).
  private func drain(_ queue: EventQueue<Int>) -> (events: [Int], refused: EventQueue<Int>.Refused)
  {
    var events: [Int] = []
    var refused = EventQueue<Int>.Refused()
    while let (taken, refusals) = queue.take(waitingUpTo: 0) {
      events += taken
      refused.overLimit += refusals.overLimit
      refused.afterClose += refusals.afterClose
      if taken.isEmpty, refusals.isEmpty { break }
    }
    return (events, refused)
  }

  @Test("The store's events come out in order, across many chunks")
  func order() {
    let queue = EventQueue<Int>(capacity: 100_000)
    let count = EventQueue<Int>.Chunk.size * 3 + 17
    for value in 0..<count { #expect(queue.appendFromStore(value)) }
    #expect(drain(queue).events == Array(0..<count))
  }

  @Test("An event from another thread lands after the store's events appended before it")
  func foreignEventsKeepTheirPlace() {
    let queue = EventQueue<Int>(capacity: 100)
    for value in 0..<3 { _ = queue.appendFromStore(value) }
    #expect(queue.append(-1))
    for value in 3..<5 { _ = queue.appendFromStore(value) }
    #expect(queue.append(-2))
    #expect(drain(queue).events == [0, 1, 2, -1, 3, 4, -2])
  }

  @Test("Past its capacity the queue refuses and counts, and takes make room again")
  func capacity() {
    let queue = EventQueue<Int>(capacity: 10)
    let accepted = (0..<12).filter { queue.appendFromStore($0) }
    #expect(accepted == Array(0..<10))
    let (events, refused) = drain(queue)
    #expect(events == Array(0..<10))
    #expect(refused == .init(overLimit: 2, afterClose: 0))
    #expect(queue.appendFromStore(12))
    #expect(drain(queue).events == [12])
  }

  @Test("A closed queue hands out what it holds, counts what came late, then ends")
  func close() {
    let queue = EventQueue<Int>(capacity: 10)
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
    let queue = EventQueue<Int>(capacity: 100_000)
    let burst = EventQueue<Int>.Chunk.size * 4
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
    let queue = EventQueue<Int>(capacity: 1_000_000)
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
}
