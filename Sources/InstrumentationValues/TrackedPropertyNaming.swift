/// A state type whose stored properties `@ObservableState` turned into accessors over `_name`
/// storage: it names them, for reflection (which sees `_count`) and for key paths (which print
/// as `<computed …>`).
public protocol TrackedPropertyNaming {
  /// The properties whose values live in `_name` storage.
  static var _$trackedPropertyNames: [String] { get }
  /// The name of the tracked property `keyPath` reaches in one step, if it does.
  static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String?
}

extension TrackedPropertyNaming {
  public static var _$trackedPropertyNames: [String] { [] }
  public static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String? { nil }
}
