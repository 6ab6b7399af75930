import ComposableRuntime

/// A thing in the item list: edited in a sheet, shown in a navigation stack.
public struct Item: Codable, Equatable, Identifiable, Sendable {
  public let id: Int
  public var name: String
  public var notes: String

  public init(id: Int, name: String, notes: String = "") {
    self.id = id
    self.name = name
    self.notes = notes
  }
}

extension Item {
  /// The items the list starts with.
  public static let samples: IdentifiedArrayOf<Item> = [
    Item(id: 1, name: "Tent", notes: "Two-person, packed"),
    Item(id: 2, name: "Stove", notes: "Needs a gas canister"),
    Item(id: 3, name: "Lantern"),
  ]
}
