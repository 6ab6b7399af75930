import Trace

extension TraceValue {
  /// Whether the two are the same bit for bit where `==` is loose: `-0.0` differs from `0.0`,
  /// and any NaN equals any NaN. For checking JSON round trips.
  func isIdentical(to other: TraceValue) -> Bool {
    self.isEqual(to: other) { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
  }

  /// `==`, except that any NaN equals any NaN. For checking diffs, which follow `==`.
  func matches(_ other: TraceValue) -> Bool {
    self.isEqual(to: other) { $0 == $1 || ($0.isNaN && $1.isNaN) }
  }

  private func isEqual(
    to other: TraceValue,
    comparingDoubles areEqual: (Double, Double) -> Bool
  ) -> Bool {
    switch (self, other) {
    case let (.double(lhs), .double(rhs)): return areEqual(lhs, rhs)
    case let (.array(lhs), .array(rhs)):
      return lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy { $0.isEqual(to: $1, comparingDoubles: areEqual) }
    case let (.object(lhs), .object(rhs)):
      return lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy {
          $0.name == $1.name && $0.value.isEqual(to: $1.value, comparingDoubles: areEqual)
        }
    default: return self == other
    }
  }
}
