import Foundation
import Replay
import Trace

/// What `tca-replay replay TRACE --skip … --replace … --insert-after …` prints: the edits, the
/// first action whose outcome differs from the recording's, the effects that started or stopped
/// differently, the outputs not delivered and those still delivered to a replacement, the issues
/// reported, and the state at a seq as a diff, recorded → what-if; as text or JSON.
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
        "outputs not delivered: "
          + self.result.droppedOutputs.map { "#\($0)" }.joined(separator: ", "))
    }
    lines += self.result.redeliveredOutputs.map(\.description)
    if !self.result.issues.isEmpty {
      lines.append("issues reported:")
      lines += self.result.issues.map { "  \($0)" }
    }
    lines.append("")
    let differences = self.stateDifferences
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

  /// The report as one JSON object: `edits`, `firstDifference`, `effectChanges`,
  /// `outputsNotDelivered`, `outputsStillDelivered`, `issues`, `state` and `replayedActions`
  /// (see docs/Replay.md).
  var json: TraceValue {
    JSONOutput.object([
      ("edits", .array(self.edits.map(Self.json))),
      (
        "firstDifference",
        self.result.divergence.map { divergence in
          JSONOutput.object([
            ("seq", .int(divergence.seq)), ("name", .string(divergence.actionName)),
            ("kind", .string(divergence.kind.rawValue)),
            ("description", .string(divergence.description)),
          ])
        } ?? .null
      ),
      (
        "effectChanges",
        .array(
          self.result.effectChanges.map { change in
            JSONOutput.object([
              ("kind", .string(change.kind.rawValue)), ("seq", .int(change.seq)),
              ("effectID", JSONOutput.int(change.recordedID)),
              ("description", .string(change.description)),
            ])
          })
      ),
      ("outputsNotDelivered", .array(self.result.droppedOutputs.map(TraceValue.int))),
      (
        "outputsStillDelivered",
        .array(
          self.result.redeliveredOutputs.map { redelivered in
            JSONOutput.object([
              ("replaced", .int(redelivered.seq)), ("effectID", .int(redelivered.effectID)),
              ("outputs", .array(redelivered.outputs.map(TraceValue.int))),
            ])
          })
      ),
      ("issues", .array(self.result.issues.map(TraceValue.string))),
      (
        "state",
        JSONOutput.object([
          ("seq", .int(self.seq)), ("atEnd", .bool(self.atEnd)),
          ("differences", .array(self.stateDifferences.map(DiffLine.json))),
        ])
      ),
      ("replayedActions", .int(Int64(self.result.replayedActions))),
    ])
  }

  /// The state at ``seq``, recorded → what-if.
  private var stateDifferences: [DiffOperation] {
    self.recordedState.diff(to: self.result.state ?? .null)
  }

  /// `{"kind": "skip"|"replace"|"insert", "seq": N, "action": …}`: `seq` the action skipped or
  /// replaced, or the one inserted after; `action` the JSON given (a string if it does not parse).
  private static func json(_ edit: ReplayEdit<Data>) -> TraceValue {
    func action(_ json: Data) -> TraceValue {
      let text = String(decoding: json, as: UTF8.self)
      return (try? TraceValue(jsonText: text)) ?? .string(text)
    }
    return switch edit {
    case let .skip(seq): JSONOutput.object([("kind", .string("skip")), ("seq", .int(seq))])
    case let .replace(seq, json):
      JSONOutput.object([
        ("kind", .string("replace")), ("seq", .int(seq)), ("action", action(json)),
      ])
    case let .insert(seq, json):
      JSONOutput.object([
        ("kind", .string("insert")), ("seq", .int(seq)), ("action", action(json)),
      ])
    }
  }

  private static func describe(_ edit: ReplayEdit<Data>) -> String {
    switch edit {
    case let .skip(seq): "skip #\(seq)"
    case let .replace(seq, json): "replace #\(seq) with \(String(decoding: json, as: UTF8.self))"
    case let .insert(seq, json): "insert after #\(seq) \(String(decoding: json, as: UTF8.self))"
    }
  }
}
