import Foundation

/// Checks a Chrome Trace Event JSON file against the format's rules, as far as the export uses
/// them: every event has `ph`, `ts`, `pid` and `tid`; `X` has a `dur` and slices on one thread
/// nest; async `b`/`e` pair by `cat` + `id`; flow `s`/`f` link by `id`; `C` has numeric args;
/// `M` names a process or thread.
struct ChromeTraceValidator {
  var events: [[String: Any]] = []
  var problems: [String] = []

  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let object = try JSONSerialization.jsonObject(with: data)
    guard let root = object as? [String: Any], let events = root["traceEvents"] as? [[String: Any]]
    else {
      problems.append("expected an object with a traceEvents array")
      return
    }
    self.events = events
    validate()
  }

  func events(_ phase: String, category: String? = nil) -> [[String: Any]] {
    events.filter {
      $0["ph"] as? String == phase && (category == nil || $0["cat"] as? String == category)
    }
  }

  private mutating func validate() {
    var slices: [String: [(start: Double, end: Double, name: String)]] = [:]
    var async: [String: Int] = [:]
    var flows: [String: (starts: Int, finishes: Int)] = [:]
    for (index, event) in events.enumerated() {
      guard let phase = event["ph"] as? String, let ts = event["ts"] as? Double,
        event["pid"] is Int, let tid = event["tid"] as? Int
      else {
        problems.append("event \(index) lacks ph, ts, pid or tid: \(event)")
        continue
      }
      switch phase {
      case "X":
        guard let dur = event["dur"] as? Double, dur >= 0 else {
          problems.append("X event \(index) without a non-negative dur")
          continue
        }
        slices["\(event["pid"]!)/\(tid)", default: []].append(
          (ts, ts + dur, event["name"] as? String ?? ""))
      case "b", "e":
        let key = "\(event["cat"] ?? "")#\(event["id"] ?? "")"
        async[key, default: 0] += phase == "b" ? 1 : -1
        if async[key]! < 0 { problems.append("async end before begin for \(key)") }
      case "s", "f":
        guard let id = event["id"] else {
          problems.append("flow event \(index) without id")
          continue
        }
        let key = "\(event["cat"] ?? "")#\(id)"
        var counts = flows[key] ?? (0, 0)
        if phase == "s" { counts.starts += 1 } else { counts.finishes += 1 }
        flows[key] = counts
      case "C":
        guard let args = event["args"] as? [String: Any], !args.isEmpty,
          args.values.allSatisfy({ $0 is Double || $0 is Int })
        else {
          problems.append("counter \(index) without numeric args")
          continue
        }
      case "M":
        let name = event["name"] as? String ?? ""
        let args = event["args"] as? [String: Any] ?? [:]
        if ["process_name", "thread_name"].contains(name), !(args["name"] is String) {
          problems.append("metadata \(index) without args.name")
        }
      default:
        problems.append("event \(index) with an unexpected ph \(phase)")
      }
    }
    for (key, open) in async where open != 0 {
      problems.append("async \(key) has \(open) unmatched begins")
    }
    for (key, counts) in flows where counts.starts != 1 || counts.finishes != 1 {
      problems.append("flow \(key) has \(counts.starts) starts and \(counts.finishes) ends")
    }
    // Slices on one thread must nest: each lies inside the enclosing open one or after it.
    let epsilon = 0.0005
    for (thread, list) in slices {
      var open: [Double] = []
      for slice in list.sorted(by: { ($0.start, -$0.end) < ($1.start, -$1.end) }) {
        while let end = open.last, end <= slice.start + epsilon { open.removeLast() }
        if let end = open.last, slice.end > end + epsilon {
          problems.append("slice \(slice.name) on \(thread) overlaps its enclosing slice")
        }
        open.append(slice.end)
      }
    }
  }
}
