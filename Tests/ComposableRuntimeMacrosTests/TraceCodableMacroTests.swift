import MacroTesting
import Testing

@Suite(
  .macros(
    [
      "_TraceCodable": MacroSpecs.traceCodable,
      "_TraceCodableMember": MacroSpecs.traceCodableMember,
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct TraceCodableMacroTests {
  @Test func enumCasesAreKeyedByNameWithTheirValues() {
    assertMacro {
      """
      @_TraceCodable
      enum Action {
        case increment
        case factResponse(Result<Int, any Error>)
        case element(id: Int, String)
        case delegate(@Sendable () -> Void)
        enum Alert { case confirm }
      }
      """
    } expansion: {
      #"""
      enum Action {
        case increment
        case factResponse(Result<Int, any Error>)
        case element(id: Int, String)
        case delegate(@Sendable () -> Void)
        enum Alert { case confirm 
      }
      }

      extension Action.Alert: Codable {
        init(from decoder: any Decoder) throws {
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
              DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case of \(Self.self)")
            )
          }
          switch key.stringValue {
          case "confirm":
            self = .confirm
          default:
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(Self.self) has no case \(key.stringValue)")
          }
        }
        func encode(to encoder: any Encoder) throws {
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          switch self {
          case .confirm:
            _ = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "confirm")
          }
        }
      }

      extension Action: Codable {
        init(from decoder: any Decoder) throws {
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
              DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case of \(Self.self)")
            )
          }
          switch key.stringValue {
          case "increment":
            self = .increment
          case "factResponse":
            self = .factResponse(try container.decodeTracePayload(forKey: key, in: Self.self, at: "factResponse(_:)"))
          case "element":
            let values = try container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: key)
            self = .element(id: try values.decodeTraceValue(forKey: "id", in: Self.self, at: "element(id:_:)"), try values.decodeTraceValue(forKey: "_1", in: Self.self, at: "element(id:_:)"))
          case "delegate":
            self = .delegate(try container.decodeTracePayload(forKey: key, in: Self.self, at: "delegate(_:)"))
          default:
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(Self.self) has no case \(key.stringValue)")
          }
        }
        func encode(to encoder: any Encoder) throws {
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          switch self {
          case .increment:
            _ = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "increment")
          case let .factResponse(_0):
            var values = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "factResponse")
            try values.encodeTraceValue(_0, forKey: "_0", in: Self.self, at: "factResponse(_:)")
          case let .element(_0, _1):
            var values = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "element")
            try values.encodeTraceValue(_0, forKey: "id", in: Self.self, at: "element(id:_:)")
            try values.encodeTraceValue(_1, forKey: "_1", in: Self.self, at: "element(id:_:)")
          case let .delegate(_0):
            var values = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "delegate")
            try values.encodeTraceValue(_0, forKey: "_0", in: Self.self, at: "delegate(_:)")
          }
        }
      }
      """#
    }
  }

  @Test func structPropertiesAreKeyedByTheirNames() {
    assertMacro {
      """
      @_TraceCodable
      public struct State {
        let id: Int
        let kind = "cart"
        var count = 0
        var title: String
        var fact: String?
        @Presents var alert: AlertState<Alert>?
        @Shared(.inMemory("total")) var total = 0
        @Shared var owned: Int
        var doubled: Int { count * 2 }
        static var shared = 0
      }
      """
    } expansion: {
      """
      public struct State {
        let id: Int
        let kind = "cart"
        var count = 0
        var title: String
        var fact: String?
        @Presents var alert: AlertState<Alert>?
        @Shared(.inMemory("total")) var total = 0
        @Shared var owned: Int
        var doubled: Int { count * 2 }
        static var shared = 0
      }

      extension State: Codable {
        public init(from decoder: any Decoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          self.id = try container.decodeTraceValue(forKey: "id", in: Self.self, at: "id")
          if container.contains("count") {
            self.count = try container.decodeTraceValue(forKey: "count", in: Self.self, at: "count")
          }
          self.title = try container.decodeTraceValue(forKey: "title", in: Self.self, at: "title")
          self.fact = try container.decodeTraceValueIfPresent(forKey: "fact", in: Self.self, at: "fact")
          self.alert = try container.decodeTraceValueIfPresent(forKey: "alert", in: Self.self, at: "alert")
          self._owned = try container.decodeTraceShared(forKey: "owned", sourceKey: "$owned", in: Self.self, at: "owned")
          if container.contains("total") {
            try self.$total.withLock {
              $0 = try container.decodeTraceValue(forKey: "total", in: Self.self, at: "total")
            }
          }
        }
        public func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          try container.encodeTraceValue(self.id, forKey: "id", in: Self.self, at: "id")
          try container.encodeTraceValue(self.count, forKey: "count", in: Self.self, at: "count")
          try container.encodeTraceValue(self.title, forKey: "title", in: Self.self, at: "title")
          try container.encodeTraceValueIfPresent(self.fact, forKey: "fact", in: Self.self, at: "fact")
          try container.encodeTraceValueIfPresent(self.alert, forKey: "alert", in: Self.self, at: "alert")
          try container.encodeTraceValue(self.total, forKey: "total", in: Self.self, at: "total")
          try container.encodeTraceValue(self.owned, forKey: "owned", in: Self.self, at: "owned")
          try container.encodeTraceSharedSource(self._owned, forKey: "$owned")
        }
      }
      """
    }
  }

  @Test func backticksAreNotPartOfTheKeys() {
    assertMacro {
      """
      @_TraceCodable
      struct State {
        var `default` = 0
        enum Action {
          case `internal`(Int)
        }
      }
      """
    } expansion: {
      #"""
      struct State {
        var `default` = 0
        enum Action {
          case `internal`(Int)
        }
      }

      extension State.Action: Codable {
        init(from decoder: any Decoder) throws {
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
              DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case of \(Self.self)")
            )
          }
          switch key.stringValue {
          case "internal":
            self = .`internal`(try container.decodeTracePayload(forKey: key, in: Self.self, at: "internal(_:)"))
          default:
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(Self.self) has no case \(key.stringValue)")
          }
        }
        func encode(to encoder: any Encoder) throws {
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          switch self {
          case let .`internal`(_0):
            var values = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "internal")
            try values.encodeTraceValue(_0, forKey: "_0", in: Self.self, at: "internal(_:)")
          }
        }
      }

      extension State: Codable {
        init(from decoder: any Decoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          if container.contains("default") {
            self.`default` = try container.decodeTraceValue(forKey: "default", in: Self.self, at: "default")
          }
        }
        func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          try container.encodeTraceValue(self.`default`, forKey: "default", in: Self.self, at: "default")
        }
      }
      """#
    }
  }

  @Test func codableWrittenByTheUserWins() {
    assertMacro {
      """
      @_TraceCodable
      enum Action: Codable {
        case increment
      }
      """
    } expansion: {
      """
      enum Action: Codable {
        case increment
      }
      """
    }
  }

  @Test func genericTypesAreLeftAlone() {
    assertMacro {
      """
      @_TraceCodable
      enum Action<Value> {
        case set(Value)
      }
      """
    } expansion: {
      """
      enum Action<Value> {
        case set(Value)
      }
      """
    }
  }

  @Test func conditionalCasesAreCodedInTheirBlocks() {
    assertMacro {
      """
      @_TraceCodable
      enum Other {
        case a
        #if DEBUG
        case b(Int)
        #elseif os(Linux)
        case c
        #else
        #endif
      }
      """
    } expansion: {
      #"""
      enum Other {
        case a
        #if DEBUG
        case b(Int)
        #elseif os(Linux)
        case c
        #else
        #endif
      }

      extension Other: Codable {
        init(from decoder: any Decoder) throws {
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
              DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case of \(Self.self)")
            )
          }
          switch key.stringValue {
          case "a":
            self = .a
          #if DEBUG
          case "b":
            self = .b(try container.decodeTracePayload(forKey: key, in: Self.self, at: "b(_:)"))
          #elseif os(Linux)
          case "c":
            self = .c
          #else
          #endif
          default:
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(Self.self) has no case \(key.stringValue)")
          }
        }
        func encode(to encoder: any Encoder) throws {
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          switch self {
          case .a:
            _ = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "a")
          #if DEBUG
          case let .b(_0):
            var values = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "b")
            try values.encodeTraceValue(_0, forKey: "_0", in: Self.self, at: "b(_:)")
          #elseif os(Linux)
          case .c:
            _ = container.nestedContainer(keyedBy: ComposableRuntime.TraceCodingKey.self, forKey: "c")
          #else
          #endif
          }
        }
      }
      """#
    }
  }

  @Test func conditionalPropertiesAreCodedInTheirBlocks() {
    assertMacro {
      """
      @_TraceCodable
      struct State {
        var count = 0
        #if canImport(Foundation)
        var note: String
        #if DEBUG
        var trace: [Int] = []
        #endif
        #endif
      }
      """
    } expansion: {
      """
      struct State {
        var count = 0
        #if canImport(Foundation)
        var note: String
        #if DEBUG
        var trace: [Int] = []
        #endif
        #endif
      }

      extension State: Codable {
        init(from decoder: any Decoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          if container.contains("count") {
            self.count = try container.decodeTraceValue(forKey: "count", in: Self.self, at: "count")
          }
          #if canImport(Foundation)
          self.note = try container.decodeTraceValue(forKey: "note", in: Self.self, at: "note")
          #if DEBUG
          if container.contains("trace") {
            self.trace = try container.decodeTraceValue(forKey: "trace", in: Self.self, at: "trace")
          }
          #endif
          #endif
        }
        func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          try container.encodeTraceValue(self.count, forKey: "count", in: Self.self, at: "count")
          #if canImport(Foundation)
          try container.encodeTraceValue(self.note, forKey: "note", in: Self.self, at: "note")
          #if DEBUG
          try container.encodeTraceValue(self.trace, forKey: "trace", in: Self.self, at: "trace")
          #endif
          #endif
        }
      }
      """
    }
  }
}
