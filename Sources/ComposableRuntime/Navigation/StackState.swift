import OrderedCollections

/// The state of a navigation stack: the features pushed on a root, each with a ``StackElementID``.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// …
/// state.path.append(.detail(Detail.State(item: item)))
/// ```
///
/// It is a random-access, range-replaceable collection of the elements; inserting gives each new
/// element the next id from `\.stackElementID`.
public struct StackState<Element> {
  private var elements: OrderedDictionary<StackElementID, Element>

  /// An empty stack.
  public init() {
    self.elements = [:]
  }

  /// A stack of `elements`, ids drawn from `\.stackElementID`.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    self.append(contentsOf: elements)
  }

  /// The ids of the elements, bottom first.
  public var ids: OrderedSet<StackElementID> {
    self.elements.keys
  }

  /// The element with `id`; setting `nil` removes it, setting a new id appends.
  public subscript(id id: StackElementID) -> Element? {
    get { self.elements[id] }
    set {
      if let newValue, self.elements[id] == nil {
        @Dependency(\.stackElementID) var stackElementID
        stackElementID.advance(past: id)
      }
      self.elements[id] = newValue
    }
  }

  /// Removes the element with `id` and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = self.elements.index(forKey: id) else { return }
    self.elements.removeSubrange(index...)
  }

  /// Removes every element above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = self.elements.index(forKey: id) else { return }
    self.elements.removeSubrange((index + 1)...)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection, MutableCollection {
  public var startIndex: Int { self.elements.values.startIndex }
  public var endIndex: Int { self.elements.values.endIndex }

  public subscript(position: Int) -> Element {
    get { self.elements.values[position] }
    set { self.elements.values[position] = newValue }
  }

  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    @Dependency(\.stackElementID) var stackElementID
    let kept = Array(self.elements.elements)
    var rebuilt = OrderedDictionary<StackElementID, Element>()
    rebuilt.reserveCapacity(kept.count - subrange.count + newElements.count)
    for (id, element) in kept[..<subrange.lowerBound] { rebuilt[id] = element }
    for element in newElements { rebuilt[stackElementID.next()] = element }
    for (id, element) in kept[subrange.upperBound...] { rebuilt[id] = element }
    self.elements = rebuilt
  }
}

extension StackState: Equatable where Element: Equatable {}
extension StackState: Hashable where Element: Hashable {}
extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomReflectable {
  /// Reflects as its elements keyed by id, so dumps and diffs show `#0: …`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: self.elements.map { Mirror.Child(label: $0.key.description, value: $0.value) },
      displayStyle: .dictionary
    )
  }
}

extension StackState: Decodable where Element: Decodable {
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let entry = try container.decode(Entry<Element>.self)
      self.elements[StackElementID(generation: entry.id)] = entry.element
    }
  }
}

extension StackState: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for (id, element) in self.elements {
      try container.encode(Entry(id: id.generation, element: element))
    }
  }
}

/// One element of a stack as it is encoded: its id's generation and the element.
private struct Entry<Element> {
  let id: Int
  let element: Element
}

extension Entry: Decodable where Element: Decodable {}
extension Entry: Encodable where Element: Encodable {}

/// The actions of a navigation stack, as its parent sees them.
@CasePathable
public enum StackAction<State, Action> {
  /// An action of the element with `id`.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
/// Encoded as the case with its fields, so a recording can be replayed.
extension StackAction: Decodable where State: Decodable, Action: Decodable {}
extension StackAction: Encodable where State: Encodable, Action: Encodable {}

/// The stack action of a feature: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
