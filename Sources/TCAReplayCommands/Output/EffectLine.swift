import Trace

/// An effect as a line of `tca-replay effects`, and as its JSON object.
///
/// ```
///  #1  run   by #3 counter.view.toggleTimerButtonTapped  30.3 ms → 35.7 ms  cancelled: cancel(id: timer)  sent 3  ids: timer  DemoApp/CounterFeature.swift:77
/// ```
public enum EffectLine {
  public static func text(
    _ effect: EffectRow, actionName: String?, idWidth: Int, style: TextStyle
  ) -> String {
    let start = effect.start
    let id = "#\(start.id)"
    var line =
      style.dim(ActionLine.pad(id, idWidth + 1, right: true)) + "  "
      + ActionLine.pad(start.kind.description, 12) + "  by #\(start.actionSeq)"
      + (actionName.map { " " + style.bold($0) } ?? "") + "  "
      + Milliseconds.format(start.startNanoseconds) + " → "
    if let end = effect.end {
      line += Milliseconds.format(end.endNanoseconds) + "  "
      switch end.outcome {
      case .finished: line += style.green("finished")
      case let .failed(error): line += style.red("failed") + (error.isEmpty ? "" : ": \(error)")
      case let .cancelled(reason): line += style.yellow("cancelled") + ": \(reason)"
      case .ended: line += "ended" + style.dim(" (finished or cancelled by id)")
      }
      line += "  sent \(end.actionsSent)"
    } else {
      line += "…  " + style.cyan("running")
    }
    if let name = start.name { line += "  name: \(name)" }
    if !start.cancelIDs.isEmpty { line += "  ids: " + start.cancelIDs.joined(separator: ", ") }
    if let location = start.location { line += "  " + style.dim(location) }
    return line
  }

  public static func json(_ effect: EffectRow, actionName: String?) -> TraceValue {
    let start = effect.start
    let end = effect.end
    return JSONOutput.object([
      ("id", .int(start.id)),
      ("actionSeq", .int(start.actionSeq)),
      ("actionName", JSONOutput.string(actionName)),
      ("kind", .string(start.kind.description)),
      ("name", JSONOutput.string(start.name)),
      ("cancelIDs", .array(start.cancelIDs.map(TraceValue.string))),
      ("location", JSONOutput.string(start.location)),
      ("startNs", .int(start.startNanoseconds)),
      ("endNs", JSONOutput.int(end?.endNanoseconds)),
      ("outcome", JSONOutput.string(end?.outcome.spelling.rawValue)),
      ("reason", JSONOutput.string(end?.outcome.reason?.description)),
      ("error", JSONOutput.string(end?.outcome.error)),
      ("actionsSent", JSONOutput.int(end?.actionsSent)),
    ])
  }
}
