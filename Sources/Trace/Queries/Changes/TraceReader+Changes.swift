import Foundation

extension TraceReader {
  /// Calls `body` with every action that changed the value at `path`, in order, with the value
  /// before and after: a change at the path, inside it, or to one of its ancestors (a presented
  /// child replaced, an element inserted or removed) all count, when the value at `path` differs.
  ///
  /// ```swift
  /// try trace.forEachChange(of: TracePath(parsing: "todos[id: 3].isComplete")) { change in
  ///   print(change.seq, change.old, change.new)
  /// }
  /// ```
  ///
  /// It reads the state once, before the first candidate action, then follows the value through
  /// the candidates' diffs only. The candidates are read a few batches ahead on a thread of their
  /// own; `body` runs on the calling thread, must not read this trace, and what it throws comes
  /// out as it was.
  public func forEachChange(of path: TracePath, _ body: (PathChange) throws -> Void) throws {
    let handOff = HandOff<CandidateRows>(capacity: Self.readAheadBatches)
    let reading = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      self.readCandidates(of: path, into: handOff)
      reading.signal()
    }
    thread.name = "tca-replay changes"
    // NB: As large as the main thread's: rebuilding the first state reads JSON recursively.
    thread.stackSize = 8 << 20
    thread.start()
    defer {
      handOff.cancel()
      reading.wait()
    }
    var follower = PathFollower(path: path)
    var tracked: TraceValue?
    var name = ActionName()
    while let rows = handOff.receive() {
      switch rows {
      case let .first(value): tracked = value
      case let .failed(error): throw error
      case let .batch(batch):
        for row in 0..<batch.count {
          try batch.withRow(row) { seq, nameBytes, diff in
            guard let diff else { return }
            let old = tracked
            do {
              try follower.follow(diffJSON: diff, value: &tracked)
            } catch {
              throw TraceError.corrupt(
                path: self.path, detail: "action \(seq) whose diff does not decode: \(error)")
            }
            guard old != tracked else { return }
            guard let nameBytes else {
              throw TraceError.corrupt(path: self.path, detail: "action \(seq) with no name")
            }
            try body(
              PathChange(seq: seq, actionName: name.text(of: nameBytes), old: old, new: tracked))
          }
        }
      }
    }
  }
}
