import StateReflection
import Trace

/// An action as a trace names it: its case path (`todos.element.toggleCompleted`) and its payload
/// as structured data.
///
/// Nested enum cases extend the name; a case whose payload has an `action` field (the
/// `element(id:action:)` of `forEach`) continues into it and keeps its other fields (the `id`) in
/// the payload. The innermost case's associated value is the rest of the payload.
package struct ActionDescription: Hashable {
  package var name: String
  package var payload: TraceValue?
  /// For an action that is enum cases all the way down, each the single unlabeled payload of the
  /// one before and the last with no payload, the enums' types, outermost first: with ``name``,
  /// they are all there is to the action. `nil` for any other action.
  package var wholeTypes: [ObjectIdentifier]?

  package init(of action: Any) {
    var names: [String] = []
    var collected: [TraceValue.Field] = []
    var current: Any? = action
    var payload: TraceValue?
    var types: [ObjectIdentifier] = []
    var isWhole = true
    while let value = current {
      let mirror = Mirror(reflecting: value)
      types.append(ObjectIdentifier(type(of: value)))
      // NB: A custom mirror may leave out what the value holds.
      if value is any CustomReflectable { isWhole = false }
      guard mirror.displayStyle == .enum else {
        payload = Reflection.value(of: value)
        isWhole = false
        break
      }
      names.append(Reflection.caseName(of: value, mirror))
      // NB: Without the enum's metadata a case has no name of its own, and two cases could read
      // the same.
      if EnumCase.name(of: value) == nil { isWhole = false }
      let fields = StructuralDiff.payloadChildren(mirror)
      if fields.count == 1, fields[0].0 == nil {
        current = fields[0].1
      } else if let next = fields.first(where: { $0.0 == "action" }),
        Mirror(reflecting: next.1).displayStyle == .enum
      {
        collected += fields.filter { $0.0 != "action" }.map {
          .init($0.0 ?? "", Reflection.value(of: $0.1))
        }
        current = next.1
        isWhole = false
      } else {
        if !fields.isEmpty { isWhole = false }
        payload =
          fields.isEmpty
          ? nil
          : .object(
            fields.enumerated().map { .init($1.0 ?? String($0), Reflection.value(of: $1.1)) })
        current = nil
      }
    }
    self.name = names.joined(separator: ".")
    self.wholeTypes = isWhole ? types : nil
    if collected.isEmpty {
      self.payload = payload
    } else {
      self.payload = .object(collected + (payload.map { [.init("payload", $0)] } ?? []))
    }
  }

  /// Whether one of `entries` names this action or a case that contains it.
  package func matches(_ entries: Set<String>) -> Bool {
    guard !entries.isEmpty else { return false }
    if entries.contains(self.name) { return true }
    var prefix = Substring(self.name)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      if entries.contains(String(prefix)) { return true }
    }
    return false
  }

  /// Replaces the payload, or the fields of it that `paths` name, with the redaction marker.
  package mutating func redact(_ paths: Set<String>) {
    guard !paths.isEmpty, self.payload != nil else { return }
    if self.matches(paths) {
      self.payload = .redacted
      return
    }
    for path in paths where path.hasPrefix(self.name + ".") {
      guard let inner = try? TracePath(parsing: String(path.dropFirst(self.name.count + 1)))
      else { continue }
      try? self.payload?.apply(.replace(inner, old: .null, new: .redacted))
    }
  }
}
