import TestSupport
import Testing
import Trace

@testable import StateReflection

/// The differ compares values in place, through layouts and comparators it learns once per type;
/// these tests pin what it writes for each kind of field, including those where the type a value
/// is stored as is not its own (`Any`, an existential, a class).
///
/// They use plain Swift types only; how the runtime's own types read (`@Presents`,
/// `IdentifiedArray`, stack ids) is tested where their conformances live.
@Suite struct StructuralDiffTests {
  /// A property wrapper whose storage the trace names after the wrapped property and reads as
  /// the wrapped value, as it does the runtime's `@Presents`.
  @propertyWrapper
  struct Stored<Value>: StateReflecting, CustomReflectable {
    var wrappedValue: Value
    static var isPropertyWrapperStorage: Bool { true }
    var customMirror: Mirror { Mirror(reflecting: self.wrappedValue as Any) }
  }

  struct Leaf: Equatable {
    var count = 0
    var title = "a"
    var rate: Double?
  }

  /// `==` that only looks at `id`: the differ must trust it.
  struct Tagged: Equatable {
    var id = 0
    var note = ""
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  }

  struct Item: Identifiable, Equatable {
    let id: Int
    var isDone = false
  }

  enum Mode: Equatable {
    case idle
    case editing(Leaf)
  }

  class Shape {
    var sides = 3
  }
  final class Polygon: Shape, Equatable {
    var name = "triangle"
    static func == (lhs: Polygon, rhs: Polygon) -> Bool {
      lhs.sides == rhs.sides && lhs.name == rhs.name
    }
  }

  struct Loose {
    var leaf = Leaf()
    var tagged = Tagged()
    var tags: [String]? = nil
    var items: [Item] = []
    var mode = Mode.idle
    var anything: Any = 0
    var maybe: Any? = nil
    var shape = Shape()
    @Stored var detail: Leaf? = nil
  }

  func descriptions(_ old: Any, _ new: Any, redacting paths: Set<String> = []) -> [String] {
    StateDiff.operations(from: old, to: new, redacting: paths).map(\.description)
  }

  @Test func changedFieldsOfNestedStructsAreReplacedAtTheirPaths() {
    var new = Loose()
    new.leaf.count = 2
    new.leaf.rate = 0.5
    #expect(
      descriptions(Loose(), new) == [
        "replace leaf.count 0 → 2", "replace leaf.rate null → 0.5",
      ])
  }

  @Test func customEqualityIsTrusted() {
    var new = Loose()
    new.tagged.note = "ignored by =="
    #expect(descriptions(Loose(), new).isEmpty)
    // Once `==` says they differ, every field that differs is written.
    new.tagged.id = 1
    #expect(
      descriptions(Loose(), new) == [
        "replace tagged.id 0 → 1", #"replace tagged.note "" → "ignored by ==""#,
      ])
  }

  @Test func aFieldKeptAsItWasIsUnchangedEvenWhereItsEqualitySaysOtherwise() {
    // `Double.nan != Double.nan`; the same NaN, untouched, is no change.
    var old = Loose()
    old.leaf.rate = .nan
    var new = old
    #expect(descriptions(old, new).isEmpty)
    new.leaf.count = 1
    #expect(descriptions(old, new) == ["replace leaf.count 0 → 1"])
  }

  @Test func enumsAndIdentifiedElementsAreDiffedInside() {
    var old = Loose()
    old.items = [Item(id: 1), Item(id: 2)]
    old.mode = .editing(Leaf())
    var new = old
    new.items[1].isDone = true
    new.mode = .editing(Leaf(count: 0, title: "b"))
    #expect(
      descriptions(old, new) == [
        "replace items[id: 2].isDone false → true", #"replace mode.editing.title "a" → "b""#,
      ])
  }

  @Test func aPropertyWrappersStorageIsNamedAfterTheProperty() {
    var new = Loose()
    new.detail = Leaf()
    #expect(
      descriptions(Loose(), new) == [
        #"replace detail null → {"count":0,"title":"a","rate":null}"#
      ])
  }

  @Test func anAnyFieldHoldingAStructIsDiffedInside() {
    var old = Loose()
    old.anything = Leaf()
    var new = old
    new.anything = Leaf(count: 1)
    #expect(descriptions(old, new) == ["replace anything.count 0 → 1"])
    // Its type changing is one replace.
    new.anything = "text"
    #expect(
      descriptions(old, new) == [
        #"replace anything {"count":0,"title":"a","rate":null} → "text""#
      ])
  }

  @Test func anOptionalAnyHoldingACollectionThenSomethingElse() {
    // The differ learns types from the first values it meets; a cast of an `Any?` holding an
    // array succeeds as a collection, and must not decide how a later `Any?` is taken.
    let differ = StructuralDiff(redactedPaths: [])
    var old = Loose()
    old.maybe = [1, 2]
    var new = old
    new.maybe = [1, 3]
    #expect(differ.operations(from: old, to: new).map(\.description) == ["replace maybe[1] 2 → 3"])
    new.maybe = Leaf()
    #expect(
      differ.operations(from: old, to: new).map(\.description) == [
        #"replace maybe [1,2] → {"count":0,"title":"a","rate":null}"#
      ])
    new.maybe = nil
    #expect(
      differ.operations(from: old, to: new).map(\.description) == ["replace maybe [1,2] → null"])
  }

  @Test func anOptionalArrayThatBecomesNil() {
    let differ = StructuralDiff(redactedPaths: [])
    var old = Loose()
    old.tags = ["a"]
    var new = old
    new.tags = ["a", "b"]
    #expect(
      differ.operations(from: old, to: new).map(\.description) == [#"insert  tags[1] "b""#])
    new.tags = nil
    #expect(
      differ.operations(from: old, to: new).map(\.description) == [#"replace tags ["a"] → null"#])
  }

  @Test func aClassFieldIsComparedAsItsDynamicType() {
    var old = Loose()
    var new = Loose()
    // Two distinct instances of a class that is not `Equatable` with equal fields: no change.
    #expect(descriptions(old, new).isEmpty)
    // A subclass that is `Equatable`, in a field typed as its superclass: compared with its `==`,
    // then through its mirror, which shows the subclass's own fields.
    let polygon = Polygon()
    old.shape = polygon
    new.shape = Polygon()
    #expect(descriptions(old, new).isEmpty)
    (new.shape as! Polygon).name = "square"
    #expect(descriptions(old, new) == [#"replace shape.name "triangle" → "square""#])
    new.shape = polygon
    #expect(descriptions(old, new).isEmpty)
  }

  @Test func redactedPathsInsideStructsComparedInPlace() {
    var old = Loose()
    old.anything = Leaf()
    var new = old
    new.leaf.title = "secret"
    new.leaf.count = 1
    new.anything = Leaf(title: "secret")
    #expect(
      descriptions(old, new, redacting: ["leaf.title", "anything.title"]) == [
        "replace leaf.count 0 → 1", #"replace leaf.title {"$redacted":true} → {"$redacted":true}"#,
        #"replace anything.title {"$redacted":true} → {"$redacted":true}"#,
      ])
    #expect(
      descriptions(old, new, redacting: ["leaf"]) == [
        #"replace leaf {"$redacted":true} → {"$redacted":true}"#,
        #"replace anything.title "a" → "secret""#,
      ])
  }

  @Test func equalityMatchesTheDynamicCast() {
    let differ = StructuralDiff(redactedPaths: [])
    let pairs: [(Any, Any)] = [
      (Leaf(), Leaf()), (Leaf(), Leaf(count: 1)), (Tagged(id: 1, note: "x"), Tagged(id: 1)),
      (Loose(), Loose()), (1, 1.0), (Double.nan, Double.nan), (Int?.none as Any, 0),
      (Optional<Any>.some(1) as Any, Optional<Any>.some(1) as Any), ([Leaf()], [Leaf()]),
    ]
    for (first, second) in pairs {
      #expect(differ.equality(first, second) == StructuralDiff.isEqual(first, second))
    }
  }

  /// Random pairs of states: applying the operations to the reflected old state gives the
  /// reflected new one.
  @Test func operationsTurnTheOldStateIntoTheNewOne() throws {
    var random = SplitMix64(seed: 7)
    let differ = StructuralDiff(redactedPaths: [])
    var changed = 0
    for _ in 0..<2_000 {
      let old = Self.randomState(&random)
      let new = random.next() % 2 == 0 ? Self.randomState(&random) : Self.mutated(old, &random)
      let operations = differ.operations(from: old, to: new)
      if !operations.isEmpty { changed += 1 }
      let replayed = try Reflection.value(of: old).applying(operations)
      #expect(replayed == Reflection.value(of: new))
    }
    #expect(changed > 1_000)
  }

  /// One definition of a diff: on random pairs of states, the live differ and the stored-tree
  /// differ (`TraceValue.diff(to:)`, which the reader uses) give the same operations, so the
  /// state hash chained over them is the same too.
  @Test func liveAndStoredDiffersAgree() {
    var random = SplitMix64(seed: 11)
    let differ = StructuralDiff(redactedPaths: [])
    var changed = 0
    for _ in 0..<2_000 {
      let old = Self.randomState(&random)
      let new = random.next() % 2 == 0 ? Self.randomState(&random) : Self.mutated(old, &random)
      let live = differ.operations(from: old, to: new)
      let stored = Reflection.value(of: old).diff(to: Reflection.value(of: new))
      if !live.isEmpty { changed += 1 }
      #expect(live == stored)
      var liveHash = StateHash(value: 42)
      liveHash.chain(live)
      var storedHash = StateHash(value: 42)
      storedHash.chain(stored)
      #expect(liveHash == storedHash)
    }
    #expect(changed > 1_000)
  }

  static func randomState(_ random: inout SplitMix64) -> Loose {
    func pick(_ count: UInt64) -> Int { Int(random.next() % count) }
    func leaf() -> Leaf {
      Leaf(count: pick(3), title: ["a", "b"][pick(2)], rate: pick(2) == 0 ? nil : Double(pick(3)))
    }
    var state = Loose()
    state.leaf = leaf()
    state.tagged = Tagged(id: pick(2))
    state.tags = pick(3) == 0 ? nil : (0..<pick(3)).map { "t\($0 + pick(2))" }
    state.items = (1...4).filter { _ in pick(2) == 0 }.map { Item(id: $0, isDone: pick(2) == 0) }
    state.mode = pick(2) == 0 ? .idle : .editing(leaf())
    let values: [Any] = [pick(3), "s\(pick(2))", leaf(), [pick(2), pick(2)], Int?.none as Any]
    state.anything = values[pick(UInt64(values.count))]
    state.maybe = pick(3) == 0 ? nil : values[pick(UInt64(values.count))]
    if pick(2) == 0 {
      let polygon = Polygon()
      polygon.name = ["triangle", "square"][pick(2)]
      state.shape = polygon
    }
    state.detail = pick(2) == 0 ? nil : leaf()
    return state
  }

  static func mutated(_ state: Loose, _ random: inout SplitMix64) -> Loose {
    let other = randomState(&random)
    var state = state
    switch random.next() % 9 {
    case 0: state.leaf = other.leaf
    case 1: state.tags = other.tags
    case 2: state.items = other.items
    case 3: state.mode = other.mode
    case 4: state.anything = other.anything
    case 5: state.maybe = other.maybe
    case 6: state.shape = other.shape
    case 7: state.detail = other.detail
    default: if !state.items.isEmpty { state.items[0].isDone.toggle() }
    }
    return state
  }
}
