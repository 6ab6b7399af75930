import ConcurrencyExtras
import InstrumentationValues

/// The `_name` storage `@ObservableState` gives each property it tracks, which reflection
/// names as the property: `count`, not `_count`.
package enum TrackedStorage {
  private static let names = LockIsolated<[ObjectIdentifier: Set<String>]>([:])

  /// Whether `label` is the storage of a tracked property of `owner`.
  package static func isStorage(_ label: String, of owner: Any.Type) -> Bool {
    guard let naming = owner as? any TrackedPropertyNaming.Type else { return false }
    let id = ObjectIdentifier(owner)
    let tracked =
      self.names.value[id]
      ?? {
        let names = Set(naming._$trackedPropertyNames)
        self.names.withValue { $0[id] = names }
        return names
      }()
    return tracked.contains(String(label.dropFirst()))
  }
}
