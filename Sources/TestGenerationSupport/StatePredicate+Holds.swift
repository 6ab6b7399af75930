import ComposableRuntime
import RuntimeReflection
import StateReflection
import Trace

/// Whether `predicate` (the language of `tca-replay find` and `--shrink-to`) holds in `state`,
/// read as a trace reads it: what a shrunk test expects not to hold at its end.
///
/// ```swift
/// #expect(!holds("counter.count > 10", in: store.state))
/// ```
///
/// A predicate that does not parse reports an issue and does not hold.
public func holds(_ predicate: String, in state: Any) -> Bool {
  do {
    return try StatePredicate(parsing: predicate).holds(in: Reflection.value(of: state))
  } catch {
    reportIssue("\(error)")
    return false
  }
}
