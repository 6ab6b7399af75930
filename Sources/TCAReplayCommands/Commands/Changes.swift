import ArgumentParser
import Trace
import TraceBrowser

extension TCAReplay {
  /// `tca-replay changes TRACE PATH`: every action that changed a state path.
  struct Changes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every action that changed the value at PATH, with the old and new value.",
      discussion: """
        A change at PATH, inside it, or to something that holds it (a child presented or \
        dismissed, an element inserted or removed) counts when the value at PATH differs.
        """)

    @OptionGroup var trace: TraceOptions
    @Argument(help: "A state path: counter.count, todos[id: 3].isComplete, items.destination.")
    var path: String
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let reader = try self.trace.open()
      let path = try SeqArgument.path(self.path)
      var output = StandardOutputBuffer()
      var count = 0
      if self.output.json {
        output.append("[")
        try reader.forEachChange(of: path) { change in
          output.append(count == 0 ? "\n" : ",\n")
          Self.appendJSON(change, to: &output)
          output.flushIfFull()
          count += 1
        }
        output.append(count == 0 ? "]\n" : "\n]\n")
      } else {
        let style = TextStyle(colors: self.output.colors)
        let seqWidth = String(try reader.lastSeq()).count
        try reader.forEachChange(of: path) { change in
          Self.appendLine(change, seqWidth: seqWidth, style: style, to: &output)
          output.flushIfFull()
          count += 1
        }
        if count == 0 { output.append("(no action changed \(self.path))\n") }
      }
      output.flush()
      if count == 0, let note = try Self.noMatch(path, text: self.path, in: reader) {
        CommandLineTool.printNote(note)
      }
    }

    /// Appends `#SEQ  name  old → new` and a line feed, as wide as `#` and `seqWidth` digits
    /// before the name.
    static func appendLine(
      _ change: PathChange,
      seqWidth: Int,
      style: TextStyle,
      to output: inout StandardOutputBuffer
    ) {
      style.append(.dim, to: &output) { output in
        // `#` and the digits, right-aligned: the padding goes before the `#`.
        let digits = StandardOutputBuffer.decimalLength(of: change.seq)
        output.bytes += repeatElement(UInt8(ascii: " "), count: max(0, seqWidth - digits))
        output.append("#")
        output.append(change.seq)
      }
      output.append("  ")
      style.append(.bold, to: &output) { $0.append(change.actionName) }
      output.append("  ")
      Self.appendValue(change.old, style: .removed, in: style, to: &output)
      output.append(" → ")
      Self.appendValue(change.new, style: .inserted, in: style, to: &output)
      output.append("\n")
    }

    /// Appends the one-line form of `value` in `code`, or `(absent)`.
    private static func appendValue(
      _ value: TraceValue?,
      style code: Style,
      in style: TextStyle,
      to output: inout StandardOutputBuffer
    ) {
      guard let value else { return output.append("(absent)") }
      style.append(code, to: &output) {
        value.appendOneLine(limit: DiffLine.valueLength, to: &$0.bytes)
      }
    }

    /// Appends `change` as the JSON object `{"seq":…,"name":…,"old":…,"new":…}`, without `old`
    /// or `new` when there is no value.
    static func appendJSON(_ change: PathChange, to output: inout StandardOutputBuffer) {
      output.append(#"{"seq":"#)
      output.append(change.seq)
      output.append(#","name":"#)
      TraceValue.string(change.actionName).appendJSON(to: &output.bytes)
      if let old = change.old {
        output.append(#","old":"#)
        old.appendJSON(to: &output.bytes)
      }
      if let new = change.new {
        output.append(#","new":"#)
        new.appendJSON(to: &output.bytes)
      }
      output.append("}")
    }
  }
}
