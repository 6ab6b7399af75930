import ArgumentParser
import Foundation
import Replay

/// The edits of `tca-replay replay`'s "what if" mode: actions left out, replaced and inserted,
/// and where to show the state.
struct EditOptions: ParsableArguments {
  // NB: `.unconditional`, so that `--skip -5` is a value to check, not a flag named 5.
  @Option(
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp("Leave out these recorded actions.", valueName: "seq[,seq…]"))
  var skip: [String] = []

  @Option(
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Send this action (the feature's Action as JSON) in place of action SEQ.",
      valueName: "seq=json"))
  var replace: [String] = []

  @Option(
    name: .customLong("insert-after"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Send this action (JSON) from outside right after action SEQ (0: before the first).",
      valueName: "seq=json"))
  var insertAfter: [String] = []

  @Option(
    parsing: .unconditional,
    help: "With edits: show the state after this seq, recorded → what-if (default: the end).")
  var at: Int64?

  /// Whether any edit was given.
  var isEditing: Bool { !self.skip.isEmpty || !self.replace.isEmpty || !self.insertAfter.isEmpty }

  /// The edits, in the order the flags give them; a malformed one is a ``CommandError``.
  func edits() throws -> [ReplayEdit<Data>] {
    var edits: [ReplayEdit<Data>] = []
    for list in self.skip {
      for part in list.split(separator: ",", omittingEmptySubsequences: false) {
        guard let seq = Int64(part.trimmingCharacters(in: .whitespaces)), seq > 0 else {
          throw CommandError(
            "--skip expects seqs of recorded actions separated by commas (12,13), found '\(list)'")
        }
        edits.append(.skip(seq))
      }
    }
    for text in self.replace {
      let (seq, json) = try Self.split(text, flag: "--replace")
      edits.append(.replace(seq, with: json))
    }
    for text in self.insertAfter {
      let (seq, json) = try Self.split(text, flag: "--insert-after")
      edits.append(.insert(after: seq, json))
    }
    return edits
  }

  /// `SEQ=JSON` as its two parts.
  private static func split(_ text: String, flag: String) throws -> (Int64, Data) {
    guard let equals = text.firstIndex(of: "="),
      let seq = Int64(text[..<equals].trimmingCharacters(in: .whitespaces)), seq >= 0,
      !text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces).isEmpty
    else {
      throw CommandError(
        "\(flag) expects SEQ=JSON (12='{\"increment\":{}}'), found '\(text)'")
    }
    return (seq, Data(text[text.index(after: equals)...].utf8))
  }
}
