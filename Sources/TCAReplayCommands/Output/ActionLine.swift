import Trace

/// One action as a line of `tca-replay log`, and as its JSON object.
///
/// ```
///   #9    36.92 ms  effect #2  counter.internal.factResponse.success  "5 is an odd number."
/// ```
public enum ActionLine {
  /// The most characters a payload shows on a line.
  public static let payloadLength = 60

  public static func text(_ action: ActionRecord, seqWidth: Int, style: TextStyle) -> String {
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
    return line
  }

  /// The origin as JSON names it: `send`, `effect` or `shared`.
  static func originName(_ origin: ActionRecord.Origin) -> String {
    switch origin {
    case .send: "send"
    case .effect: "effect"
    case .shared: "shared"
    }
  }

  public static func json(_ action: ActionRecord) -> TraceValue {
    let (origin, effectID): (String, Int64?) =
      switch action.origin {
      case .send: ("send", nil)
      case let .effect(id): ("effect", id)
      case .shared: ("shared", nil)
      }
    return JSONOutput.object([
      ("seq", .int(action.seq)),
      ("name", .string(action.name)),
      ("origin", .string(origin)),
      ("effectID", JSONOutput.int(effectID)),
      ("payload", action.payload ?? .null),
      ("startNs", .int(action.startNanoseconds)),
      ("durationNs", .int(action.durationNanoseconds)),
      ("stateChanged", .bool(action.stateChanged)),
    ])
  }

  /// `text` padded with spaces to `width` characters, on the right or (`right`) on the left.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}
