import Profiler
import Trace

/// Inline SVG charts for the HTML report: no script, no fetch, sized by a `viewBox` so they scale
/// with the page. Labels go through ``HTMLText/escape(_:)``.
enum SVGChart {
  static let width = 640.0
  static let height = 240.0
  static let margin = (left: 56.0, right: 16.0, top: 16.0, bottom: 36.0)

  static func number(_ value: Double) -> String { DurationText.fixed(value, digits: 1) }

  static func open(id: String, label: String, height: Double = height) -> String {
    "<svg id=\"\(id)\" class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height))\" "
      + "role=\"img\" aria-label=\"\(HTMLText.escape(label))\" "
      + "xmlns=\"http://www.w3.org/2000/svg\">"
  }

  /// A count for an axis: whole when it is, else with one decimal.
  static func count(_ value: Double) -> String {
    value == value.rounded() ? "\(Int64(value))" : DurationText.fixed(value, digits: 1)
  }

  /// The style class of an effect's bar, from its typed outcome (so a change of stored
  /// spelling does not reach the page's classes).
  static func outcomeClass(_ outcome: EffectEndRecord.Outcome.Spelling?) -> String {
    switch outcome {
    case .finished: "finished"
    case .cancelled: "cancelled"
    case .failed: "failed"
    // NB: Ended without saying how (a recording through TCA's public API): no colour of its own.
    case .ended: "other"
    case nil: "running"
    }
  }

  /// Rounds a maximum up to 1, 2 or 5 times a power of ten, for a readable axis.
  static func niceCeiling(_ value: Double) -> Double {
    guard value > 0 else { return 1 }
    var power = 1.0
    while power * 10 <= value { power *= 10 }
    for step in [1.0, 2.0, 5.0, 10.0] where step * power >= value { return step * power }
    return 10 * power
  }

  /// Grid lines and labels at round values: a maximum of 1, 2 or 5 times a power of ten has
  /// 5, 4 or 5 steps.
  static func yAxis(maximum: Double, plotHeight: Double, format: (Double) -> String) -> String {
    var svg = ""
    var power = 1.0
    while power * 10 <= maximum { power *= 10 }
    let steps = (maximum / power).rounded() == 2 ? 4 : 5
    for tick in 0...steps {
      let value = maximum * Double(tick) / Double(steps)
      let y = margin.top + plotHeight - plotHeight * Double(tick) / Double(steps)
      svg +=
        "<line class=\"grid\" x1=\"\(number(margin.left))\" x2=\"\(number(width - margin.right))\" "
        + "y1=\"\(number(y))\" y2=\"\(number(y))\"/>"
        + "<text class=\"axis\" x=\"\(number(margin.left - 6))\" y=\"\(number(y + 4))\" "
        + "text-anchor=\"end\">\(HTMLText.escape(format(value)))</text>"
    }
    return svg
  }

  /// Actions per bucket over time, as an area under a line.
  static func rate(_ timeline: ProfileTimeline) -> String {
    let points = timeline.rate
    var svg = open(id: "chart-rate", label: "Actions per second over time")
    let plotWidth = width - margin.left - margin.right
    let plotHeight = height - margin.top - margin.bottom
    let perSecond = 1e9 / Double(timeline.rateBucket.nanosecondCount)
    let maximum = niceCeiling(Double(points.map(\.count).max() ?? 0) * perSecond)
    svg += yAxis(maximum: maximum, plotHeight: plotHeight, format: count)
    guard let first = points.first, let last = points.last else {
      return svg + "<text class=\"empty\" x=\"50%\" y=\"50%\">no actions</text></svg>"
    }
    let (firstNs, lastNs) = (first.start.nanosecondCount, last.start.nanosecondCount)
    let span = Double(max(lastNs - firstNs, 1))
    func x(_ ns: Int64) -> Double {
      points.count == 1
        ? margin.left + plotWidth / 2 : margin.left + plotWidth * Double(ns - firstNs) / span
    }
    func y(_ count: Int) -> Double {
      margin.top + plotHeight - plotHeight * Double(count) * perSecond / maximum
    }
    let line = points.map { "\(number(x($0.start.nanosecondCount))),\(number(y($0.count)))" }
      .joined(separator: " ")
    let base = number(margin.top + plotHeight)
    svg +=
      "<polygon class=\"area\" points=\"\(number(x(firstNs))),\(base) \(line) "
      + "\(number(x(lastNs))),\(base)\"/>"
      + "<polyline class=\"line\" points=\"\(line)\"/>"
    let labels =
      points.count == 1
      ? [(firstNs, "middle")] : [(firstNs, "start"), (lastNs, "end")]
    for (ns, anchor) in labels {
      svg +=
        "<text class=\"axis\" x=\"\(number(x(ns)))\" y=\"\(number(height - 12))\" "
        + "text-anchor=\"\(anchor)\">\(HTMLText.escape(DurationText.text(ns)))</text>"
    }
    return svg + "</svg>"
  }

  /// Reducer runs by duration bucket, as columns.
  static func histogram(_ buckets: [HistogramBucket], budget: Duration) -> String {
    var svg = open(id: "chart-histogram", label: "Reducer time histogram")
    let plotWidth = width - margin.left - margin.right
    let plotHeight = height - margin.top - margin.bottom
    let maximum = niceCeiling(Double(buckets.map(\.count).max() ?? 0))
    svg += yAxis(maximum: maximum, plotHeight: plotHeight, format: count)
    let slot = plotWidth / Double(max(buckets.count, 1))
    for (index, bucket) in buckets.enumerated() {
      let barHeight = plotHeight * Double(bucket.count) / maximum
      let x = margin.left + slot * Double(index)
      let over = bucket.lower >= budget
      let label =
        bucket.upper.map { "< \(DurationText.text($0))" }
        ?? "≥ \(DurationText.text(bucket.lower))"
      svg +=
        "<rect class=\"bar\(over ? " over" : "")\" x=\"\(number(x + 2))\" "
        + "y=\"\(number(margin.top + plotHeight - barHeight))\" width=\"\(number(slot - 4))\" "
        + "height=\"\(number(barHeight))\"><title>\(HTMLText.escape(label)): "
        + "\(bucket.count)</title></rect>"
      if index.isMultiple(of: 3) {
        svg +=
          "<text class=\"axis\" x=\"\(number(x + slot / 2))\" y=\"\(number(height - 12))\" "
          + "text-anchor=\"middle\">\(HTMLText.escape(label))</text>"
      }
    }
    return svg + "</svg>"
  }

  /// The top scopes by self time, as horizontal bars.
  static func scopes(_ scopes: [ScopeProfile]) -> String {
    let rows = Array(scopes.prefix(10))
    let rowHeight = 22.0
    let chartHeight = max(margin.top + margin.bottom + rowHeight * Double(rows.count), 80)
    var svg = open(id: "chart-scopes", label: "Top scopes by self time", height: chartHeight)
    guard !rows.isEmpty else {
      return svg + "<text class=\"empty\" x=\"50%\" y=\"50%\">no child scopes</text></svg>"
    }
    let labelWidth = 230.0
    let plotWidth = width - labelWidth - margin.right - 70
    let maximum = Double(max(rows.map(\.selfTime.nanosecondCount).max() ?? 1, 1))
    for (index, scope) in rows.enumerated() {
      let y = margin.top + rowHeight * Double(index)
      let barWidth = max(plotWidth * Double(scope.selfTime.nanosecondCount) / maximum, 1)
      let label = scope.path.count > 34 ? "…" + scope.path.suffix(33) : scope.path
      svg +=
        "<text class=\"label\" x=\"\(number(labelWidth - 8))\" y=\"\(number(y + 15))\" "
        + "text-anchor=\"end\">\(HTMLText.escape(label))</text>"
        + "<rect class=\"bar\" x=\"\(number(labelWidth))\" y=\"\(number(y + 3))\" "
        + "width=\"\(number(barWidth))\" height=\"\(number(rowHeight - 6))\">"
        + "<title>\(HTMLText.escape(scope.path)): \(DurationText.text(scope.selfTime)) self</title>"
        + "</rect><text class=\"value\" x=\"\(number(labelWidth + barWidth + 6))\" "
        + "y=\"\(number(y + 15))\">\(HTMLText.escape(DurationText.text(scope.selfTime)))</text>"
    }
    return svg + "</svg>"
  }

  /// Effects as bars from start to end on lanes, coloured by outcome; never-ended ones run to
  /// the end of the recording.
  static func effects(_ timeline: ProfileTimeline) -> String {
    let bars = timeline.effects
    var lanes: [Int64] = []
    var placed: [(bar: EffectBar, lane: Int, end: Int64)] = []
    let timelineEnd = timeline.end.nanosecondCount
    for bar in bars {
      let end = bar.end?.nanosecondCount ?? timelineEnd
      if let free = lanes.firstIndex(where: { $0 <= bar.start.nanosecondCount }) {
        lanes[free] = end
        placed.append((bar, free, end))
      } else {
        lanes.append(end)
        placed.append((bar, lanes.count - 1, end))
      }
    }
    let laneHeight = 16.0
    let chartHeight = max(margin.top + margin.bottom + laneHeight * Double(lanes.count), 80)
    var svg = open(id: "chart-effects", label: "Effect timeline", height: chartHeight)
    guard !placed.isEmpty else {
      return svg + "<text class=\"empty\" x=\"50%\" y=\"50%\">no effects</text></svg>"
    }
    let start = placed.map(\.bar.start.nanosecondCount).min() ?? 0
    let span = Double(max(timelineEnd - start, 1))
    let plotWidth = width - margin.left - margin.right
    func x(_ ns: Int64) -> Double { margin.left + plotWidth * Double(ns - start) / span }
    for (bar, lane, end) in placed {
      let outcome = bar.outcome?.rawValue ?? "running"
      let barStart = bar.start.nanosecondCount
      let y = margin.top + laneHeight * Double(lane)
      svg +=
        "<rect class=\"effect \(outcomeClass(bar.outcome))\" x=\"\(number(x(barStart)))\" "
        + "y=\"\(number(y + 2))\" width=\"\(number(max(x(end) - x(barStart), 1.5)))\" "
        + "height=\"\(number(laneHeight - 4))\" rx=\"2\"><title>"
        + HTMLText.escape(
          "effect \(bar.id) \(bar.name) (\(bar.kind)), from action \(bar.actionSeq): "
            + "\(outcome) after \(DurationText.text(end - barStart))")
        + "</title></rect>"
    }
    for (ns, anchor) in [(start, "start"), (timelineEnd, "end")] {
      svg +=
        "<text class=\"axis\" x=\"\(number(x(ns)))\" y=\"\(number(chartHeight - 12))\" "
        + "text-anchor=\"\(anchor)\">\(HTMLText.escape(DurationText.text(ns)))</text>"
    }
    return svg + "</svg>"
  }
}
