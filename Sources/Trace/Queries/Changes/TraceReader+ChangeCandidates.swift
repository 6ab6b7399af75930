import Foundation
import GRDB

/// The candidate actions of ``TraceReader/forEachChange(of:_:)``: those whose diff touched the
/// path, a path inside it or one of its ancestors, read on a thread of their own.
extension TraceReader {
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
  func readCandidates(of path: TracePath, into handOff: HandOff<CandidateRows>) {
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
      // NB: An element is inserted before the elements kept by its position
      // (`todos.todos[0]`), so the rows of an array's positions may hold the element an id names.
      if case .id = path.components[count] {
        conditions.append(("path >= ? AND path < ?", [ancestor + "[0", ancestor + "[:"]))
      }
    }
    return conditions
  }
}
