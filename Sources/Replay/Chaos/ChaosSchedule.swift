import Foundation

/// One order in which a chaos run delivers a recording's effect outputs, as the deliveries moved
/// from their recorded places: `v1:12@15,13@12` delivers #12 right after #15, then #13 right
/// after #12 (`@0`: before the first action). Every other input keeps its recorded place.
///
/// ```swift
/// let schedule = try ChaosSchedule(parsing: "v1:12@15")
/// schedule.moves          // [ChaosSchedule.Move(seq: 12, after: 15)]
/// schedule.description    // "v1:12@15"
/// ChaosSchedule.recorded  // "v1:" — the recorded order
/// ```
///
/// A schedule names seqs of one trace; it replays exactly the run it was printed for.
public struct ChaosSchedule: Hashable, Sendable, CustomStringConvertible {
  /// One delivery moved: the input `seq`, delivered right after the input `after`.
  public struct Move: Hashable, Sendable {
    public var seq: Int64
    public var after: Int64

    public init(seq: Int64, after: Int64) {
      self.seq = seq
      self.after = after
    }
  }

  /// The moves, applied in order to the recorded order.
  public var moves: [Move]

  /// The recorded order: nothing moved.
  public static let recorded = ChaosSchedule(moves: [])

  public init(moves: [Move]) {
    self.moves = moves
  }

  /// Reads a schedule as ``description`` writes it.
  ///
  /// - Throws: a one-line ``ReplayError`` saying what was expected and what was found.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("v1:") else {
      throw ReplayError(
        "expected a chaos schedule starting with 'v1:' (as chaos prints it), found '\(text)'")
    }
    var moves: [Move] = []
    for part in trimmed.dropFirst(3).split(separator: ",", omittingEmptySubsequences: false)
    where !(part.isEmpty && moves.isEmpty && trimmed.count == 3) {
      let sides = part.split(separator: "@", omittingEmptySubsequences: false)
      guard sides.count == 2, let seq = Int64(sides[0]), let after = Int64(sides[1]), seq > 0,
        after >= 0
      else {
        throw ReplayError(
          "expected SEQ@AFTER (a delivery and the seq it follows) in the schedule, found '\(part)'")
      }
      moves.append(Move(seq: seq, after: after))
    }
    self.moves = moves
  }

  public var description: String {
    "v1:" + self.moves.map { "\($0.seq)@\($0.after)" }.joined(separator: ",")
  }
}
