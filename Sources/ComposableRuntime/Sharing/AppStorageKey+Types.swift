import Foundation

// The spellings of `.appStorage(_:store:)`, one per type of value it holds.

extension SharedReaderKey {
  /// A `Bool` in `UserDefaults`: `@Shared(.appStorage("isOn")) var isOn = false`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> { AppStorageKey(key, store: store, lookup: .bool) }

  /// An `Int` in `UserDefaults`: `@Shared(.appStorage("count")) var count = 0`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> { AppStorageKey(key, store: store, lookup: .int) }

  /// A `Double` in `UserDefaults`: `@Shared(.appStorage("volume")) var volume = 0.5`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> { AppStorageKey(key, store: store, lookup: .double) }

  /// A `String` in `UserDefaults`: `@Shared(.appStorage("name")) var name = ""`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> { AppStorageKey(key, store: store, lookup: .string) }

  /// A `[String]` in `UserDefaults`: `@Shared(.appStorage("tags")) var tags: [String] = []`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> { AppStorageKey(key, store: store, lookup: .strings) }

  /// A `URL` in `UserDefaults`: `@Shared(.appStorage("home")) var home = URL(filePath: "/")`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> { AppStorageKey(key, store: store, lookup: .url) }

  /// A `Data` in `UserDefaults`: `@Shared(.appStorage("blob")) var blob = Data()`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> { AppStorageKey(key, store: store, lookup: .data) }

  /// A `Date` in `UserDefaults`: `@Shared(.appStorage("seen")) var seen = Date.distantPast`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> { AppStorageKey(key, store: store, lookup: .date) }

  /// A value stored as its `Int` raw value: `@Shared(.appStorage("level")) var level = Level.low`.
  public static func appStorage<Value: RawRepresentable<Int>>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .rawValue(.int))
  }

  /// A value stored as its `String` raw value: `@Shared(.appStorage("unit")) var unit = Unit.c`.
  public static func appStorage<Value: RawRepresentable<String>>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .rawValue(.string))
  }

  /// An optional `Bool`; `nil` removes it: `@Shared(.appStorage("isOn")) var isOn: Bool?`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> { AppStorageKey(key, store: store, lookup: .optional(.bool)) }

  /// An optional `Int`; `nil` removes it: `@Shared(.appStorage("count")) var count: Int?`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> { AppStorageKey(key, store: store, lookup: .optional(.int)) }

  /// An optional `Double`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, lookup: .optional(.double))
  }

  /// An optional `String`; `nil` removes it: `@Shared(.appStorage("query")) var query: String?`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, lookup: .optional(.string))
  }

  /// An optional `[String]`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, lookup: .optional(.strings))
  }

  /// An optional `URL`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> { AppStorageKey(key, store: store, lookup: .optional(.url)) }

  /// An optional `Data`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> { AppStorageKey(key, store: store, lookup: .optional(.data)) }

  /// An optional `Date`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> { AppStorageKey(key, store: store, lookup: .optional(.date)) }

  /// An optional value stored as its `Int` raw value; `nil` removes it.
  public static func appStorage<Value: RawRepresentable<Int>>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.rawValue(.int)))
  }

  /// An optional value stored as its `String` raw value; `nil` removes it.
  public static func appStorage<Value: RawRepresentable<String>>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.rawValue(.string)))
  }
}
