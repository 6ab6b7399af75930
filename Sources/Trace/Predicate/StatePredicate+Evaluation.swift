extension StatePredicate {
  /// Whether the predicate holds in `state`.
  ///
  /// ```swift
  /// try StatePredicate(parsing: "counter.count >= 3").holds(in: trace.state(at: 12))
  /// ```
  public func holds(in state: TraceValue) -> Bool {
    self.holds { state.value(at: $0) }
  }

  /// Whether the predicate holds where `value(path)` is the value at each path it reads (`nil`
  /// where the path leads nowhere): for callers that follow a few paths rather than whole states.
  public func holds(reading value: (TracePath) -> TraceValue?) -> Bool {
    switch self {
    case let .exists(path):
      guard let found = value(path) else { return false }
      return found != .null
    case let .compare(path, comparison, operand):
      let lhs = value(path) ?? .null
      let rhs: TraceValue
      switch operand {
      case let .value(literal): rhs = literal
      case let .path(other): rhs = value(other) ?? .null
      }
      return Self.compare(lhs, comparison, rhs)
    case let .not(inner): return !inner.holds(reading: value)
    case let .and(lhs, rhs): return lhs.holds(reading: value) && rhs.holds(reading: value)
    case let .or(lhs, rhs): return lhs.holds(reading: value) || rhs.holds(reading: value)
    }
  }

  private static func compare(_ lhs: TraceValue, _ comparison: Comparison, _ rhs: TraceValue)
    -> Bool
  {
    switch comparison {
    case .equal: return Self.equal(lhs, rhs)
    case .notEqual: return !Self.equal(lhs, rhs)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let order = Self.order(lhs, rhs) else { return false }
      switch comparison {
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      default: return order >= 0
      }
    }
  }

  private static func equal(_ lhs: TraceValue, _ rhs: TraceValue) -> Bool {
    if let order = Self.numericOrder(lhs, rhs) { return order == 0 }
    return lhs == rhs
  }

  /// -1, 0 or 1 for two numbers or two strings; `nil` for values that have no order.
  private static func order(_ lhs: TraceValue, _ rhs: TraceValue) -> Int? {
    if let order = Self.numericOrder(lhs, rhs) { return order }
    guard case let .string(left) = lhs, case let .string(right) = rhs else { return nil }
    let (a, b) = (Array(left.unicodeScalars), Array(right.unicodeScalars))
    if a.lexicographicallyPrecedes(b) { return -1 }
    return a == b ? 0 : 1
  }

  private static func numericOrder(_ lhs: TraceValue, _ rhs: TraceValue) -> Int? {
    switch (lhs, rhs) {
    case let (.int(a), .int(b)): return a < b ? -1 : (a == b ? 0 : 1)
    case let (.int(a), .double(b)): return Self.order(Double(a), b)
    case let (.double(a), .int(b)): return Self.order(a, Double(b))
    case let (.double(a), .double(b)): return Self.order(a, b)
    default: return nil
    }
  }

  private static func order(_ a: Double, _ b: Double) -> Int? {
    if a.isNaN || b.isNaN { return nil }
    return a < b ? -1 : (a == b ? 0 : 1)
  }
}
