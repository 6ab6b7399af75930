/// A first-in, first-out queue of times that reuses its storage: the sliding window of the
/// peak-rate pass.
struct TimeWindow {
  private var storage: [Int64] = []
  private var head = 0

  var count: Int { storage.count - head }
  var first: Int64? { head < storage.count ? storage[head] : nil }

  mutating func append(_ value: Int64) {
    // NB: Compacts once the consumed prefix is half the storage, so memory follows the window,
    // not the number of values that went through it.
    if head > 1024, head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    storage.append(value)
  }

  mutating func removeFirst() {
    head += 1
  }
}
