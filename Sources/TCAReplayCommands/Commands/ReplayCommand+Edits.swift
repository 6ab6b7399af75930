import Foundation
import Replay
import Trace

extension TCAReplay.ReplayCommand {
  /// Runs the edited replay the flags ask for and prints its report.
  func runEdited(features: [ReplayableFeature]) async throws {
    guard self.options.mode == .hermetic, self.options.from == nil else {
      throw CommandError(
        "edits replay hermetically from the start; expected no --mode live or --from with "
          + "--skip, --replace or --insert-after")
    }
    let edits = try self.edits.edits()
    let reader: TraceReader
    do {
      reader = try TraceReader(path: self.options.trace)
    } catch {
      throw CommandError("\(error)")
    }
    let at = try self.edits.at.map { try SeqArgument.checked($0, in: reader) }
    let result: ReplayResult
    do {
      result = try await Replay.run(
        path: self.options.trace, features: features, edits: edits, stateAt: at)
    } catch {
      throw CommandError("\(error)")
    }
    let seq = try at ?? reader.lastSeq()
    let recorded = try reader.state(at: seq)
    let report = EditedReplayReport(
      edits: edits, result: result, recordedState: recorded, seq: seq,
      atEnd: self.edits.at == nil)
    if self.json {
      print(report.json.jsonText)
    } else {
      print(report.text, terminator: "")
    }
  }
}
