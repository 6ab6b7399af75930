// NB: Schema version 1 stored these values as their display text. The display text of every
// case is unchanged since, so version-1 traces read by matching it.

extension EffectEndRecord.CancellationReason {
  /// The reason a version-1 trace stored as `prose`: `cancel(id: timer)`, `parent dismissed`, …
  init?(version1Prose prose: String) {
    if let id = Self.id(in: prose, after: "cancel(id: ") {
      self = .cancelID(id)
    } else if let id = Self.id(in: prose, after: "cancelInFlight (id: ") {
      self = .cancelInFlight(id)
    } else if let reason = [
      Self.parentDismissed, .storeReleased, .storeTaskCancelled, .threwCancellationError,
    ].first(where: { $0.description == prose }) {
      self = reason
    } else {
      return nil
    }
  }

  private static func id(in prose: String, after prefix: String) -> String? {
    guard prose.hasPrefix(prefix), prose.hasSuffix(")") else { return nil }
    return String(prose.dropFirst(prefix.count).dropLast())
  }
}

extension NotCapturedReason {
  /// The reason a version-1 trace stored as `prose`: `denied action <name>`, …
  init?(version1Prose prose: String) {
    let denied = "denied action "
    if prose.hasPrefix(denied), prose.count > denied.count {
      self = .deniedAction(String(prose.dropFirst(denied.count)))
    } else if let reason = [Self.overMemoryLimit, .afterFinish].first(where: {
      $0.description == prose
    }) {
      self = reason
    } else {
      return nil
    }
  }
}
