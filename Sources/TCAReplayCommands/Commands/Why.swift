import ArgumentParser
import Trace

extension TCAReplay {
  /// `tca-replay why TRACE PATH`: the action that set a value, and what caused that action.
  struct Why: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Explain why the value at PATH is what it is: who set it, and what caused that.",
      discussion: """
        Finds the last action at or before --at (default: the last action) that changed the \
        value at PATH, at the path, inside it or by replacing something that holds it; then, \
        for an action an effect sent, the effect and the action that started it, and so on back \
        to an action sent from outside.
        """)

    @OptionGroup var trace: TraceOptions
    @Argument(help: "A state path: counter.count, todos.todos[id: 3].isComplete.")
    var path: String
    @Option(parsing: .unconditional, help: "Ask after this action (default: the last one).")
    var at: Int64?
    @Option(parsing: .unconditional, help: "Follow at most this many links of the chain.")
    var depth: Int?
    @Flag(help: "Explain every change up to --at, oldest first, not only the last.")
    var all = false
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if let depth, depth < 1 {
        throw ValidationError("--depth expects a whole number, 1 or more; found \(depth)")
      }
    }

    func run() async throws {
      let reader = try self.trace.open()
      let path = try SeqArgument.path(self.path)
      if let missing = try reader.missingPath(path) { throw CommandError("\(missing)") }
      let at = try SeqArgument.checked(self.at ?? reader.lastSeq(), in: reader)
      let depth = self.depth ?? .max
      let causes: [ValueCause]
      if self.all {
        causes = try reader.causes(of: path, at: at, depth: depth)
        guard try !causes.isEmpty || reader.state(at: at).value(at: path) != nil else {
          throw CommandError(Self.noValue(path, at: at))
        }
      } else {
        guard let cause = try reader.cause(of: path, at: at, depth: depth) else {
          throw CommandError(Self.noValue(path, at: at))
        }
        causes = [cause]
      }
      if self.output.json {
        let values = causes.map(Self.json)
        print((self.all ? TraceValue.array(values) : values[0]).jsonText)
      } else if causes.isEmpty {
        let value = try reader.state(at: at).value(at: path) ?? .null
        print(
          "\(path) has been \(value.oneLine(limit: DiffLine.valueLength)) since the initial state")
      } else {
        let style = TextStyle(colors: self.output.colors)
        print(
          causes.map { Self.text($0, style: style, depthLimited: self.depth != nil) }
            .joined(separator: "\n"))
      }
    }

    static func noValue(_ path: TracePath, at: Int64) -> String {
      "expected a value at \(path) after #\(at), found none (the path leads nowhere there)"
    }

    /// The value, then one line per link, each indented under the one it explains.
    static func text(_ cause: ValueCause, style: TextStyle, depthLimited: Bool) -> String {
      let value = cause.value.oneLine(limit: DiffLine.valueLength)
      guard let first = cause.chain.first else {
        return "\(cause.path) has been \(value) since the initial state"
      }
      var lines = ["\(cause.path) = \(value) after #\(cause.at)"]
      lines.append(
        "  set by " + style.dim("#\(first.seq)") + " " + style.bold(first.name)
          + Self.change(first.change, style: style, lead: ": "))
      for (index, link) in cause.chain.enumerated() {
        let indent = String(repeating: "  ", count: index + 2)
        defer { lines += Self.readLines(link, indent: indent + "  ", style: style) }
        guard let effect = link.effect else {
          if !link.isOriginKnown {
            lines.append(
              indent + style.dim("#\(link.seq)") + " " + Self.deniedLabel(style)
                + "; the trace did not keep where it came from")
          } else {
            switch link.origin {
            case .send:
              lines.append(
                indent + style.dim("#\(link.seq)") + " sent from outside"
                  + (link.site.map { " at \($0)" } ?? ""))
            case .shared:
              lines.append(
                indent + style.dim("#\(link.seq)") + " changed outside any action ("
                  + link.name + ")")
            case .effect: break
            }
          }
          continue
        }
        var line =
          indent + "sent by effect " + style.cyan("#\(effect.id)") + " ("
          + ([effect.kind.rawValue] + [effect.name ?? effect.location].compactMap { $0 })
          .joined(separator: ", ") + ")"
        if index + 1 < cause.chain.count {
          let starter = cause.chain[index + 1]
          line +=
            " — started by " + style.dim("#\(starter.seq)") + " " + Self.name(starter, style)
            + ", " + Milliseconds.format(link.startNanoseconds - starter.startNanoseconds)
            + " before"
          if !effect.cancelIDs.isEmpty {
            line += ", cancellable by " + effect.cancelIDs.joined(separator: ", ")
          }
          line += Self.change(starter.change, style: style, lead: "; it changed the value too: ")
        } else if depthLimited {
          line += " — started by #\(effect.actionSeq) (past --depth)"
        }
        lines.append(line)
      }
      return lines.joined(separator: "\n")
    }

    /// One line per path `link`'s action read, with the action that set it and where that came
    /// from, and under it what that action read in turn.
    static func readLines(_ link: ValueCause.Link, indent: String, style: TextStyle) -> [String] {
      link.reads.flatMap { read -> [String] in
        let value = read.value?.oneLine(limit: DiffLine.valueLength) ?? "(absent)"
        var line = indent + "computed from " + style.bold(read.path.description) + " = " + value
        guard let setter = read.setBy else {
          return [line + ", unchanged since the initial state"]
        }
        line += ", set by " + style.dim("#\(setter)")
        guard let first = read.chain.first else {
          return [line + (read.shownElsewhere ? " (above)" : " (past --depth)")]
        }
        line += " " + Self.name(first, style)
        for (index, starter) in read.chain.enumerated().dropFirst() {
          let effect = read.chain[index - 1].effect.map { "#\($0.id)" } ?? ""
          line += " ← effect \(effect) of " + style.dim("#\(starter.seq)") + " "
            + Self.name(starter, style)
        }
        if let last = read.chain.last, last.effect == nil, last.isOriginKnown,
          case .send = last.origin
        {
          line += ", sent from outside"
        }
        return [line]
          + read.chain.flatMap { Self.readLines($0, indent: indent + "  ", style: style) }
      }
    }

    /// A link's action name, or what stands for it when the deny-list left the action out.
    static func name(_ link: ValueCause.Link, _ style: TextStyle) -> String {
      link.isRecorded ? style.bold(link.name) : Self.deniedLabel(style)
    }

    static func deniedLabel(_ style: TextStyle) -> String {
      style.dim("(not recorded: left out by the deny-list)")
    }

    /// `lead` and `old → new` for a link that changed the value, nothing otherwise.
    static func change(_ change: ValueCause.Change?, style: TextStyle, lead: String) -> String {
      guard let change else { return "" }
      func text(_ value: TraceValue?) -> String {
        value?.oneLine(limit: DiffLine.valueLength) ?? "(absent)"
      }
      return lead + style.red(text(change.old)) + " → " + style.green(text(change.new))
    }

    /// `{path, value, at, chain: [{seq, name, origin, site, effect: {id, kind, location}, change:
    /// {old, new}}]}`; `site` (`{file, line}`), `effect` and `change` null where there is none or
    /// it is not known, `old`/`new` null where the path led nowhere.
    static func json(_ cause: ValueCause) -> TraceValue {
      JSONOutput.object([
        ("path", .string(cause.path.description)),
        ("value", cause.value),
        ("at", .int(cause.at)),
        (
          "chain",
          .array(
            cause.chain.map { link in
              JSONOutput.object([
                ("seq", .int(link.seq)),
                ("name", link.isRecorded ? .string(link.name) : .null),
                (
                  "origin",
                  link.isOriginKnown ? .string(ActionLine.originName(link.origin)) : .null
                ),
                ("site", ActionLine.json(link.site)),
                (
                  "effect",
                  link.effect.map { effect in
                    JSONOutput.object([
                      ("id", .int(effect.id)),
                      ("kind", .string(effect.kind.rawValue)),
                      ("location", JSONOutput.string(effect.location)),
                    ])
                  } ?? .null
                ),
                (
                  "change",
                  link.change.map { change in
                    JSONOutput.object([
                      ("old", change.old ?? .null), ("new", change.new ?? .null),
                    ])
                  } ?? .null
                ),
                ("reads", link.readsKnown ? .array(link.reads.map(Self.json)) : .null),
              ])
            })
        ),
      ])
    }

    /// `{path, value, setBy, chain}`: `value` null where the path led nowhere, `setBy` null for
    /// a value unchanged since the initial state, `chain` the setter's links (as in a cause's
    /// chain), empty when shown elsewhere in the answer or past the depth.
    static func json(_ read: ValueCause.Read) -> TraceValue {
      JSONOutput.object([
        ("path", .string(read.path.description)),
        ("value", read.value ?? .null),
        ("setBy", read.setBy.map { .int($0) } ?? .null),
        ("chain", Self.json(ValueCause(path: read.path, value: .null, at: 0, chain: read.chain))[
          field: "chain"] ?? .array([])),
      ])
    }
  }
}
