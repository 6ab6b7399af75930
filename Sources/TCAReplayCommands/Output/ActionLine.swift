import Trace

/// One action as a line of `tca-replay log`, and as its JSON object.
///
/// ```
///   #9    36.92 ms  effect #2  counter.internal.factResponse.success  "5 is an odd number."
/// ```
public enum ActionLine {
  /// The most characters a payload shows on a line.
  public static let payloadLength = 60

  /// The line; with `sites`, followed by where the action was sent from when that is known
  /// (`  at DemoSession.swift:28`).
  public static func text(
    _ action: ActionRecord, seqWidth: Int, style: TextStyle, sites: Bool = false
  ) -> String {
    let seq = "#\(action.seq)"
    let origin: String =
      switch action.origin {
      case .send: "send"
      case let .effect(id): "effect #\(id)"
      case .shared: "shared"
      }
    let color: (String) -> String =
      switch action.origin {
      case .send: style.cyan
      case .effect: style.yellow
      case .shared: style.green
      }
    var line =
      style.dim(String(repeating: " ", count: max(0, seqWidth + 1 - seq.count)) + seq) + "  "
      + pad(Milliseconds.format(action.startNanoseconds), 10, right: true) + "  "
      + color(pad(origin, 10)) + "  "
      + style.bold(action.name)
    if let payload = action.payload {
      line += "  " + payload.oneLine(limit: payloadLength)
    }
    if sites, let site = action.site {
      line += "  " + style.dim("at \(site)")
    }
    return line
  }

  /// `#36 items.view.editButtonTapped  sent from DemoSession.swift:40`, then
  /// `  read: items, discountPercent` when the trace has the action's reads: the lines `show`
  /// and `diff` print above an action's state or change; `nil` when neither is known, so that
  /// traces recorded before sites print as they always did.
  public static func header(_ action: ActionRecord, style: TextStyle) -> String? {
    guard action.site != nil || action.reads != nil else { return nil }
    var text = style.dim("#\(action.seq)") + " " + style.bold(action.name)
    if let site = action.site { text += "  " + style.dim("sent from \(site)") }
    if let reads = action.readsText {
      text += "\n  " + style.dim("read: ") + (action.reads == [] ? style.dim(reads) : reads)
    }
    return text
  }

  /// A send site as JSON: `{"file": …, "line": …}`, or null when it is not known.
  public static func json(_ site: SendSite?) -> TraceValue {
    guard let site else { return .null }
    return JSONOutput.object([("file", .string(site.file)), ("line", .int(Int64(site.line)))])
  }

  /// The origin as JSON names it: `send`, `effect` or `shared`.
  static func originName(_ origin: ActionRecord.Origin) -> String {
    switch origin {
    case .send: "send"
    case .effect: "effect"
    case .shared: "shared"
    }
  }

  /// The action as a JSON object; with `site` (a trace that records send sites), its `site`
  /// too, `{file, line}` or null; with `reads` (a trace of schema 7 on), its `reads`, an array
  /// of paths or null where the recorder did not take them.
  public static func json(
    _ action: ActionRecord, site: Bool = false, reads: Bool = false
  ) -> TraceValue {
    let (origin, effectID): (String, Int64?) =
      switch action.origin {
      case .send: ("send", nil)
      case let .effect(id): ("effect", id)
      case .shared: ("shared", nil)
      }
    return JSONOutput.object(
      [
        ("seq", .int(action.seq)),
        ("name", .string(action.name)),
        ("origin", .string(origin)),
        ("effectID", JSONOutput.int(effectID)),
        ("payload", action.payload ?? .null),
        ("startNs", .int(action.startNanoseconds)),
        ("durationNs", .int(action.durationNanoseconds)),
        ("stateChanged", .bool(action.stateChanged)),
      ] + (site ? [("site", Self.json(action.site))] : [])
        + (reads
          ? [("reads", action.reads.map { .array($0.map { .string($0.description) }) } ?? .null)]
          : []))
  }

  /// `text` padded with spaces to `width` characters, on the right or (`right`) on the left.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}
