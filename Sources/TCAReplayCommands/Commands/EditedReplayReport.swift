import Foundation
import Replay
import Trace

/// What `tca-replay replay TRACE --skip … --replace … --insert-after …` prints: the edits, the
/// first action whose outcome differs from the recording's, the effects that started or stopped
/// differently, the outputs not delivered, the issues reported, and the state at a seq as a
/// diff, recorded → what-if.
struct EditedReplayReport {
  let edits: [ReplayEdit<Data>]
  let result: ReplayResult
  let recordedState: TraceValue
  let seq: Int64
  let atEnd: Bool

  var text: String {
    var lines = ["what if: " + self.edits.map(Self.describe).joined(separator: "; ")]
    lines.append("")
    if let divergence = self.result.divergence {
      lines.append("first difference:")
      lines += divergence.description.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "  " + $0 }
    } else {
      lines.append("first difference: none (every replayed action did what the recording did)")
    }
    lines.append("")
    if self.result.effectChanges.isEmpty {
      lines.append("effects: none started or stopped differently")
    } else {
      lines.append("effects started or stopped differently:")
      lines += self.result.effectChanges.map { "  \($0.description)" }
    }
    if !self.result.droppedOutputs.isEmpty {
      lines.append(
        "outputs not delivered: " + self.result.droppedOutputs.map { "#\($0)" }.joined(separator: ", "))
    }
    if !self.result.issues.isEmpty {
      lines.append("issues reported:")
      lines += self.result.issues.map { "  \($0)" }
    }
    lines.append("")
    let whatIf = self.result.state ?? .null
    let differences = self.recordedState.diff(to: whatIf)
    let place = self.atEnd ? "at the end (#\(self.seq))" : "after #\(self.seq)"
    if differences.isEmpty {
      lines.append("state \(place): the same as recorded")
    } else {
      lines.append("state \(place), recorded → what-if:")
      lines += differences.map { DiffLine.text($0, style: TextStyle(colors: false)) }
    }
    lines.append("")
    lines.append("\(self.result.replayedActions) actions replayed (hermetic, edited)")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func describe(_ edit: ReplayEdit<Data>) -> String {
    switch edit {
    case let .skip(seq): "skip #\(seq)"
    case let .replace(seq, json): "replace #\(seq) with \(String(decoding: json, as: UTF8.self))"
    case let .insert(seq, json): "insert after #\(seq) \(String(decoding: json, as: UTF8.self))"
    }
  }
}
