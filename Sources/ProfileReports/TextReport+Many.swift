import Profiler
import Trace

extension TextReport {
  /// The summary of a profile over several traces: the sums, each trace (the first `top`), and
  /// the traces left out because they could not be read.
  func manySummary(_ traces: [ProfiledTrace]) -> String {
    let total = profile.trace
    let unclean = traces.filter { !$0.finishedCleanly }.count
    var text =
      heading("Profile of \(total.path)") + "\n"
      + "  \(traces.count) trace\(traces.count == 1 ? "" : "s"), \(total.actions) actions over "
      + "\(DurationText.text(total.duration)) in all, \(DurationText.text(total.reducerTime)) "
      + "in reducers; "
      + (unclean == 0 ? "every recording finished cleanly" : "\(unclean) did not finish cleanly")
    var table = TextTable(columns: [
      .left("trace"), .right("actions"), .right("duration"), .right("reducers"), .left("ending"),
    ])
    for trace in traces.prefix(top) {
      table.append([
        trace.path, "\(trace.actions)", DurationText.text(trace.duration),
        DurationText.text(trace.reducerTime),
        trace.finishedCleanly ? "finished" : "did not finish (\(trace.endReason ?? "crashed"))",
      ])
    }
    text += "\n" + table.rendered(indent: 2)
    if traces.count > top { text += "\n  … and \(traces.count - top) more" }
    if let skipped = profile.skipped, !skipped.isEmpty {
      text += "\n  skipped \(skipped.count) that could not be read:"
      for trace in skipped { text += "\n    \(trace.path): \(trace.reason)" }
    }
    return text
  }

  /// ` in PATH` for evidence in one of several traces; nothing in a profile of one.
  static func inTrace(_ trace: String?) -> String {
    trace.map { " in \($0)" } ?? ""
  }
}
