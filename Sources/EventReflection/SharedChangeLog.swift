import ConcurrencyExtras
import InstrumentationValues
import Foundation
import StateReflection
import Trace

/// Every change to a shared value made while it listens, from any thread, in order: what a replay
/// adds to the diff of each action it replays, as the recorder did.
///
/// ```swift
/// let log = SharedChangeLog()
/// log.listen { store.send(action) }
/// let changes = log.take()
/// ```
package final class SharedChangeLog: SharedChangeObserving, Sendable {
  /// Each storage's value before the first change heard of.
  package let baselines = SharedBaselines()
  private let changes = LockIsolated<[SharedChange]>([])

  package init() {}

  package func sharedValueWillChange(_ root: any SharedRoot) {
    self.baselines.keep(root)
  }

  package func sharedValueDidChange(_ root: any SharedRoot, source: SharedChangeSource) {
    let change = SharedChange(root: root, value: root.currentValue, source: source)
    self.changes.withValue { $0.append(change) }
  }

  /// Listens while `body` runs.
  package func listen<R>(_ body: () throws -> R) rethrows -> R {
    SharedChangeObservers.add(self)
    defer { SharedChangeObservers.remove(self) }
    return try body()
  }

  /// The changes heard of since the last call.
  package func take() -> [SharedChange] {
    self.changes.withValue { changes in
      defer { changes = [] }
      return changes
    }
  }
}

/// A recorded change to a shared value made outside any action, fed back into a live state.
package enum SharedInput {
  /// Sets the shared value the recorded event `payload` names (`{"path": …}`) in `state` to its
  /// recorded JSON `encoding`.
  ///
  /// - Throws: a ``SharedInputError`` when the path names no shared value or the value does not
  ///   decode.
  package static func apply(payload: TraceValue?, encoding: [UInt8]?, to state: Any) throws {
    guard case let .object(fields)? = payload,
      case let .string(text)? = fields.first(where: { $0.name == "path" })?.value,
      let path = try? TracePath(parsing: text)
    else { throw SharedInputError(description: "the recorded change names no state path") }
    guard let encoding else {
      throw SharedInputError(description: "the recorded value at \(text) has no stored encoding")
    }
    guard
      let root = ReferenceLocator.locations(of: nil, in: state)
        .first(where: { $0.path == path })?.reference as? any SharedRoot
    else { throw SharedInputError(description: "no shared value at \(text) in the state") }
    do {
      try root.replaceValue(decodingJSON: Data(encoding))
    } catch {
      throw SharedInputError(
        description: "the recorded value of \(root.keyName) at \(text) no longer decodes: \(error)")
    }
  }
}

/// Why a recorded change to a shared value could not be fed back.
package struct SharedInputError: Error, CustomStringConvertible {
  package let description: String
}
