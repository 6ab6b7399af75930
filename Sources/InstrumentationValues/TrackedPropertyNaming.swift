/// A state type whose stored properties `@ObservableState` turned into accessors over `_name`
/// storage: it names them, for reflection (which sees `_count`) and for key paths (which print
/// as `<computed …>`).
public protocol TrackedPropertyNaming {
  /// The properties whose values live in `_name` storage.
  static var _$trackedPropertyNames: [String] { get }
  /// The name of the tracked property `keyPath` reaches in one step, if it does.
  static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String?
  /// The key path of the tracked property named `name`, so that a binding action decoded from a
  /// trace (`{"name": "Blob"}`) sets the field it was recorded setting.
  static func _$trackedKeyPath(named name: String) -> AnyKeyPath?
}

extension TrackedPropertyNaming {
  public static var _$trackedPropertyNames: [String] { [] }
  public static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String? { nil }
  public static func _$trackedKeyPath(named name: String) -> AnyKeyPath? { nil }
}
