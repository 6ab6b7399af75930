import Trace

// Redacted paths: never written, a change there is one replace of the marker by itself.
extension StructuralDiff {
  func isRedacted(_ path: TracePath) -> Bool {
    !self.redactedPaths.isEmpty && self.redactedPaths.contains(path.description)
  }

  /// At a redacted path, one replace of the marker by itself when the values differ.
  func replaceRedacted(
    _ old: Any, _ new: Any, equality: Bool?, at path: TracePath, into ops: inout [DiffOperation]
  ) {
    if equality == false || Self.reflectedDiffers(old, new) {
      ops.append(.replace(path, old: .redacted, new: .redacted))
    }
  }

  /// Reflects a changed value, masking redacted paths inside it.
  func reflect(_ value: Any, at path: TracePath) -> TraceValue {
    var reflected = Reflection.value(of: value)
    guard !self.redactedPaths.isEmpty else { return reflected }
    let prefix = path.description
    for redacted in self.redactedPaths {
      if redacted == prefix { return .redacted }
      guard redacted.hasPrefix(prefix),
        let inner = try? TracePath(parsing: String(redacted.dropFirst(prefix.count)).trimmingDot)
      else { continue }
      try? reflected.apply(.replace(inner, old: .null, new: .redacted))
    }
    return reflected
  }
}

extension String {
  fileprivate var trimmingDot: String {
    self.hasPrefix(".") ? String(self.dropFirst()) : self
  }
}
