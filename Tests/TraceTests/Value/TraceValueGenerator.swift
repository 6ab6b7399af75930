import TestSupport
import Trace

/// Makes random ``TraceValue`` trees, and changed copies of them, from a seed: states with
/// structs, enums, optionals, dictionaries with awkward keys, plain arrays and identified arrays.
///
/// ```swift
/// var generator = TraceValueGenerator(seed: 1)
/// let old = generator.state()
/// let new = generator.changed(old)
/// ```
struct TraceValueGenerator {
  var random: SplitMix64
  private var nextID: Int64 = 1

  init(seed: UInt64) {
    self.random = SplitMix64(seed: seed)
  }

  static let strings = [
    "", "a", "Milk", "é", "e\u{301}", "😀", "日本語", "a\"b", "back\\slash", "line\nbreak",
    "\u{0}", "tab\t", "\u{1F}", "key.with.dots", "[x]", "id: 3", "$redacted", "$double",
    "$object", "nan", "-inf", "  padded ", "\u{2028}",
  ]

  static let fieldNames = [
    "id", "title", "count", "isComplete", "destination", "$redacted", "$double", "$object",
    "a.b", "", "en-US", "_storage", "$value", "名前", "x y", "[0]", "\"q\"", "2024",
  ]

  /// A root state: an object of a few fields.
  mutating func state(depth: Int = 4) -> TraceValue {
    self.object(depth: depth)
  }

  mutating func value(depth: Int) -> TraceValue {
    switch self.roll(depth <= 0 ? 8 : 14) {
    case 0: .null
    case 1: .bool(self.roll(2) == 0)
    case 2: .int(self.int64())
    case 3: .double(self.double())
    case 4, 5: .string(self.string())
    case 6: .redacted
    case 7: .int(Int64(self.roll(10)))
    case 8, 9: self.object(depth: depth - 1)
    case 10: .array((0..<self.roll(5)).map { _ in self.value(depth: depth - 1) })
    case 11, 12: self.identifiedArray(depth: depth - 1)
    default: .object([.init(self.fieldName(), self.value(depth: depth - 1))])
    }
  }

  mutating func object(depth: Int) -> TraceValue {
    var fields: [TraceValue.Field] = []
    for _ in 0..<self.roll(6) {
      let name = self.fieldName()
      guard !fields.contains(where: { $0.name == name }) else { continue }
      fields.append(.init(name, self.value(depth: depth)))
    }
    return .object(fields)
  }

  mutating func identifiedArray(depth: Int) -> TraceValue {
    .array((0..<self.roll(7)).map { _ in self.identifiedElement(depth: depth) })
  }

  /// An object whose first field is a fresh `id`, an int or a string.
  mutating func identifiedElement(depth: Int) -> TraceValue {
    self.nextID += 1
    let id: TraceValue =
      switch self.roll(4) {
      case 0: .string("u\(self.nextID)")
      case 1: .string("id \(self.nextID) ]\"")
      default: .int(self.nextID)
      }
    guard case let .object(fields) = self.object(depth: depth) else { fatalError() }
    return .object([.init("id", id)] + fields.filter { $0.name != "id" })
  }

  /// `value` with random changes: some leaves replaced, fields and elements added, removed,
  /// renamed and reordered, identified arrays reshuffled; often only a little.
  mutating func changed(_ value: TraceValue, depth: Int = 4) -> TraceValue {
    let roll = self.roll(20)
    if roll < 2 { return self.value(depth: depth) }
    if roll < 8 { return value }
    switch value {
    case let .object(fields): return self.changed(fields: fields, depth: depth)
    case let .array(elements):
      let isIdentified = !elements.isEmpty && elements.allSatisfy { $0[field: "id"] != nil }
      return isIdentified
        ? self.changed(identified: elements, depth: depth)
        : self.changed(elements: elements, depth: depth)
    default: return self.value(depth: 0)
    }
  }

  private mutating func changed(fields: [TraceValue.Field], depth: Int) -> TraceValue {
    var fields = fields
    if fields.count == 1, self.roll(5) == 0 {
      return .object([.init(self.fieldName(), self.value(depth: depth - 1))])
    }
    for position in fields.indices where fields[position].name != "id" {
      fields[position].value = self.changed(fields[position].value, depth: depth - 1)
    }
    if !fields.isEmpty, self.roll(4) == 0 {
      let position = self.roll(fields.count)
      if fields[position].name != "id" { fields.remove(at: position) }
    }
    if self.roll(4) == 0 {
      let name = self.fieldName()
      if !fields.contains(where: { $0.name == name }) {
        let position = self.roll(2) == 0 ? fields.count : self.roll(fields.count + 1)
        fields.insert(.init(name, self.value(depth: depth - 1)), at: position)
      }
    }
    if self.roll(20) == 0 { fields.shuffle(using: &self.random) }
    return .object(fields)
  }

  private mutating func changed(identified elements: [TraceValue], depth: Int) -> TraceValue {
    var elements = elements.map { self.roll(3) == 0 ? self.changed($0, depth: depth - 1) : $0 }
    for _ in 0..<self.roll(3) where !elements.isEmpty {
      elements.remove(at: self.roll(elements.count))
    }
    for _ in 0..<self.roll(4) {
      let element = self.identifiedElement(depth: depth - 2)
      let position = self.roll(3) == 0 ? elements.count : self.roll(elements.count + 1)
      elements.insert(element, at: position)
    }
    if self.roll(8) == 0 { elements.shuffle(using: &self.random) }
    return .array(elements)
  }

  private mutating func changed(elements: [TraceValue], depth: Int) -> TraceValue {
    var elements = elements.map { self.roll(3) == 0 ? self.changed($0, depth: depth - 1) : $0 }
    switch self.roll(4) {
    case 0: elements.append(self.value(depth: depth - 1))
    case 1 where !elements.isEmpty: elements.removeLast(self.roll(elements.count) + 1)
    case 2: elements.insert(self.value(depth: depth - 1), at: self.roll(elements.count + 1))
    default: break
    }
    return .array(elements)
  }

  mutating func string() -> String {
    if self.roll(3) == 0 {
      let scalars = (0..<self.roll(8)).map { _ in
        Character(Unicode.Scalar(UInt8(32 + self.roll(95))))
      }
      return String(scalars)
    }
    return Self.strings[self.roll(Self.strings.count)]
  }

  mutating func fieldName() -> String {
    self.roll(4) == 0 ? "f\(self.roll(30))" : Self.fieldNames[self.roll(Self.fieldNames.count)]
  }

  private mutating func int64() -> Int64 {
    switch self.roll(6) {
    case 0: .min
    case 1: .max
    case 2: 0
    case 3: -1
    default: Int64(bitPattern: self.random.next())
    }
  }

  private mutating func double() -> Double {
    let special: [Double] = [
      0, -0.0, 1, 0.1, -2.5, 1e300, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
      .greatestFiniteMagnitude, 9_007_199_254_740_994,
    ]
    if self.roll(2) == 0 { return special[self.roll(special.count)] }
    return Double(bitPattern: self.random.next())
  }

  /// A number in `0..<count`.
  mutating func roll(_ count: Int) -> Int {
    Int.random(in: 0..<count, using: &self.random)
  }
}
