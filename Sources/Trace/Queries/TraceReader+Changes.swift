import Foundation
import GRDB

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
  /// the candidates' diffs only. `body` runs on the calling thread and must not read this trace:
  /// the candidates are read on a thread of their own meanwhile (see ``readAheadBatches``).
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

  /// How many batches of candidate rows are read ahead of the thread following the path.
  ///
  /// NB: Reading the rows out of SQLite costs about as much as following the path through them
  /// and formatting what changed, so the two run on two threads; a few batches smooth out
  /// their pace.
  static let readAheadBatches = 4

  /// How many candidate rows go in one batch.
  static let candidateBatchSize = 1024

  /// What the reading thread hands to the following one.
  enum CandidateRows: Sendable {
    /// The value at the path before the first candidate; sent before any batch.
    case first(TraceValue?)
    case batch(ActionDiffBatch)
    case failed(any Error)
  }

  /// Reads the candidate actions of `path` in order, in one read, handing them off in batches
  /// after the value at `path` before the first one.
  private func readCandidates(of path: TracePath, into handOff: HandOff<CandidateRows>) {
    defer { handOff.finish() }
    do {
      try self.read { db in
        let seqs = try Self.changedSeqs(of: path, in: db)
        var actions = try ActionDiffCursor(db)
        var batch = ActionDiffBatch()
        var started = false
        for seq in seqs {
          guard try actions.move(to: seq) else { continue }
          if !started {
            started = true
            let first = try self.state(at: seq &- 1, in: db).value(at: path)
            guard handOff.send(.first(first)) else { return }
          }
          batch.append(seq: seq, name: actions.name, diff: actions.diff)
          if batch.count == Self.candidateBatchSize {
            guard handOff.send(.batch(batch)) else { return }
            batch = ActionDiffBatch()
          }
        }
        if batch.count > 0 { _ = handOff.send(.batch(batch)) }
      }
    } catch {
      _ = handOff.send(.failed(error))
    }
  }

  /// The seqs of the actions with a `changed_paths` row for `path`, a path inside it or one of
  /// its ancestors, in order and each once.
  ///
  /// NB: One simple query per condition, merged here: SQLite runs `seq IN (… OR …)` over a
  /// million rows through temporary b-trees, several times slower than the index scans.
  static func changedSeqs(of path: TracePath, in db: Database) throws -> [Int64] {
    var seqs: [Int64] = []
    for (condition, arguments) in Self.changedPathConditions(for: path) {
      let query = RawQuery(
        try db.makeStatement(sql: "SELECT seq FROM changed_paths WHERE \(condition)"), in: db)
      try query.start(arguments)
      while try query.step() { seqs.append(query.int64(at: 0)) }
    }
    // Each query gives its seqs ordered by path, then seq; one path alone needs no sort.
    if zip(seqs, seqs.dropFirst()).contains(where: { $0 >= $1 }) {
      seqs.sort()
      var unique = 0
      for seq in seqs where unique == 0 || seqs[unique - 1] != seq {
        seqs[unique] = seq
        unique += 1
      }
      seqs.removeLast(seqs.count - unique)
    }
    return seqs
  }

  /// The `changed_paths` rows of `path`, of paths inside it and of its ancestors, as one
  /// condition.
  static func changedPathCondition(for path: TracePath) -> (String, StatementArguments) {
    let conditions = Self.changedPathConditions(for: path)
    var arguments: StatementArguments = []
    for condition in conditions { arguments += condition.arguments }
    return (conditions.map { "(\($0.sql))" }.joined(separator: " OR "), arguments)
  }

  /// The `changed_paths` rows of `path`, of paths inside it and of its ancestors, as conditions
  /// that each read one range of the primary key.
  static func changedPathConditions(
    for path: TracePath
  ) -> [(sql: String, arguments: StatementArguments)] {
    guard !path.components.isEmpty else { return [("1", [])] }
    let text = path.description
    var conditions: [(sql: String, arguments: StatementArguments)] = [("path = ?", [text])]
    // NB: Paths inside `text` continue with "." or "["; each range covers one of them, and
    // nothing else ("/" follows "." and "\" follows "[" in byte order).
    conditions.append(("path >= ? AND path < ?", [text + ".", text + "/"]))
    conditions.append(("path >= ? AND path < ?", [text + "[", text + "\\"]))
    for count in 0..<path.components.count {
      let ancestor = TracePath(Array(path.components.prefix(count))).description
      conditions.append(("path = ?", [ancestor]))
    }
    return conditions
  }
}

/// The name of the action being read, as a `String` made only when its bytes differ from the
/// last one's.
///
/// NB: Runs of actions share a name; a name longer than 15 bytes costs an allocation each time
/// it is made.
private struct ActionName {
  private var bytes: [UInt8] = []
  private var string = ""

  mutating func text(of name: UnsafeBufferPointer<UInt8>) -> String {
    if !self.bytes.withUnsafeBufferPointer({ name.hasSameBytes(as: $0) }) {
      self.bytes = Array(name)
      self.string = String(decoding: name, as: UTF8.self)
    }
    return self.string
  }
}
