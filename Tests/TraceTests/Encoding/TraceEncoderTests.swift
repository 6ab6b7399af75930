import Foundation
import Testing
import TestSupport
import Trace

struct TraceEncoderTests {
  indirect enum Shape: Codable, Equatable {
    case point
    case circle(radius: Double)
    case labelled(String, Shape?)
    case polygon([Int])
  }

  struct Everything: Codable, Equatable {
    var string = "quote \" backslash \\ newline \n tab \t bell \u{7} é 🎈 </script>"
    var int = Int.min
    var int8 = Int8.max
    var uint64 = UInt64.max
    var double = 0.1
    var negativeZero = -0.0
    var tiny = Double.leastNonzeroMagnitude
    var float: Float = 1.5
    var bool = true
    var optional: Int? = nil
    var optionalSome: String? = "x"
    var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
    var data = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a?b=c#d")!
    var decimal = Decimal(string: "12345.6789")!
    var byName = ["zeta": 1, "alpha": 2, "Mike": 3, "é": 4, "": 5]
    var byNumber = [10: "ten", 2: "two", -1: "minus one"]
    var bySet: Set<Int> = [3, 1, 2]
    var nested = [[1, 2], [], [3]]
    var shapes: [Shape] = [.point, .circle(radius: 2), .labelled("a", .polygon([1, 2])), .labelled("b", nil)]
  }

  class Animal: Codable {
    var name: String
    init(name: String) { self.name = name }
  }

  final class Dog: Animal {
    var barks: Bool
    init(name: String, barks: Bool) {
      self.barks = barks
      super.init(name: name)
    }
    enum CodingKeys: String, CodingKey { case barks }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.barks = try container.decode(Bool.self, forKey: .barks)
      try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(self.barks, forKey: .barks)
      try super.encode(to: container.superEncoder())
    }
  }

  @Test func jsonDecoderReadsBackWhatItWrites() throws {
    let value = Everything()
    let bytes = try TraceEncoder().encode(value)
    #expect(try JSONDecoder().decode(Everything.self, from: Data(bytes)) == value)
    let dog = try JSONDecoder().decode(
      Dog.self, from: Data(try TraceEncoder().encode(Dog(name: "Rex", barks: true))))
    #expect(dog.name == "Rex" && dog.barks)
  }

  @Test func writesTheSameJSONAsFoundationsEncoder() throws {
    // Compared as parsed JSON: the two may spell a number or an escape differently.
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let values: [any Encodable] = [
      Everything(), Shape.labelled("x", .circle(radius: 0.5)), [1, 2, 3], "fragment", 42,
      [String: [Int]](), Dog(name: "Rex", barks: false),
    ]
    for value in values {
      let ours = try Parsed(Data(try TraceEncoder().encode(value)))
      let theirs = try Parsed(try foundation.encode(value))
      #expect(ours == theirs, "\(value)")
    }
  }

  /// JSON as `JSONSerialization` reads it, with every number (and bool) as a double, so that
  /// `1` and `1.0` compare equal.
  indirect enum Parsed: Equatable {
    case null
    case number(Double)
    case string(String)
    case array([Parsed])
    case object([String: Parsed])

    init(_ data: Data) throws {
      self.init(any: try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
    }

    init(any value: Any) {
      switch value {
      case let string as String: self = .string(string)
      case let bool as Bool: self = .number(bool ? 1 : 0)
      case let number as NSNumber: self = .number(number.doubleValue)
      case let array as [Any]: self = .array(array.map(Parsed.init(any:)))
      case let object as [String: Any]: self = .object(object.mapValues(Parsed.init(any:)))
      default: self = .null
      }
    }
  }

  @Test func spellsEnumsCompactlyWithSortedKeys() throws {
    let text = { (value: any Encodable) in
      String(decoding: try TraceEncoder().encode(value), as: UTF8.self)
    }
    #expect(try text(Shape.point) == #"{"point":{}}"#)
    #expect(try text(Shape.circle(radius: 1)) == #"{"circle":{"radius":1.0}}"#)
    #expect(try text(Shape.labelled("a", nil)) == #"{"labelled":{"_0":"a"}}"#)
    #expect(try text(["b": 1, "a": 2, "C": 3]) == #"{"C":3,"a":2,"b":1}"#)
    #expect(try text("line\nbreak \"quoted\"") == #""line\nbreak \"quoted\"""#)
  }

  @Test func equalValuesEncodeToEqualBytes() throws {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<200 {
      var keys: [String] = []
      for _ in 0..<Int(generator.next() % 12) { keys.append("key\(generator.next() % 50)") }
      var first: [String: Int] = [:]
      for key in keys { first[key] = key.count }
      keys.shuffle(using: &generator)
      var second: [String: Int] = [:]
      for key in keys { second[key] = key.count }
      #expect(try TraceEncoder().encode(first) == TraceEncoder().encode(second))
    }
  }

  @Test func refusesWhatJSONCannotSpell() {
    #expect(throws: EncodingError.self) { try TraceEncoder().encode(Double.nan) }
    #expect(throws: EncodingError.self) { try TraceEncoder().encode([Float.infinity]) }
    #expect(throws: EncodingError.self) {
      try TraceEncoder().encode(Shape.circle(radius: -.infinity))
    }
  }

  @Test func errorsNameWhereTheValueWas() {
    do {
      _ = try TraceEncoder().encode(["shapes": [Shape.point, .circle(radius: .nan)]])
      Issue.record("expected an error")
    } catch let EncodingError.invalidValue(_, context) {
      #expect(
        context.codingPath.map(\.stringValue) == ["shapes", "Index 1", "circle", "radius"])
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
