import MacroTesting
import Testing

@Suite(
  .macros(
    [
      "ObservableState": MacroSpecs.observableState,
      "ObservationStateTracked": MacroSpecs.observationStateTracked,
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ObservableStateMacroTests {
  @Test func codableStructKeepsItsKeysAndSkipsWhatItCannotTrack() {
    assertMacro {
      """
      @ObservableState
      struct State: Codable {
        let id: Int
        let kind = "cart"
        var total: Int
        @Presents var alert: Int?
        var doubled: Int { total * 2 }
        static var shared = 0
      }
      """
    } expansion: {
      #"""
      struct State: Codable {
        let id: Int
        let kind = "cart"
        var total: Int {
          @storageRestrictions(initializes: _total)
          init(initialValue) {
            _total = initialValue
          }
          _read {
            let _$reading = ComposableRuntime.StateReads.begin(Self.self, "total", type(of: _total))
            defer {
              if _$reading {
                ComposableRuntime.StateReads.end()
              }
            }
            yield _total
          }
          set {
            ComposableRuntime.StateReads.write(Self.self)
            _total = newValue
          }
          _modify {
            let _$reading = ComposableRuntime.StateReads.begin(Self.self, "total", type(of: _total))
            defer {
              if _$reading {
                ComposableRuntime.StateReads.end()
              }
            }
            yield &_total
          }
        }

        private var _total: Int
        @Presents var alert: Int?
        var doubled: Int { total * 2 }
        static var shared = 0

        var customDumpMirror: Mirror {
          Mirror(self, children: [("id", self.id as Any), ("kind", self.kind as Any), ("total", self.total as Any), ("_alert", self._alert as Any)], displayStyle: .struct)
        }

        static var _$trackedPropertyNames: [String] {
          ["total"]
        }

        static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == \Self.total as AnyKeyPath {
            return "total"
          }
          return nil
        }

        static func _$trackedKeyPath(named name: String) -> AnyKeyPath? {
          switch name {
          case "total":
            return \Self.total
          default:
            return nil
          }
        }

        enum CodingKeys: String, CodingKey {
          case id
          case _total = "total"
          case alert
        }
      }

      extension State: ComposableRuntime.ObservableState {
      }

      extension State: ComposableRuntime.CustomDumpReflectable {
      }
      """#
    }
  }

  @Test func structGetsTrackedAccessorsAndConformance() {
    assertMacro {
      """
      @ObservableState
      struct State: Equatable {
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State: Equatable {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          _read {
            let _$reading = ComposableRuntime.StateReads.begin(Self.self, "count", type(of: _count))
            defer {
              if _$reading {
                ComposableRuntime.StateReads.end()
              }
            }
            yield _count
          }
          set {
            ComposableRuntime.StateReads.write(Self.self)
            _count = newValue
          }
          _modify {
            let _$reading = ComposableRuntime.StateReads.begin(Self.self, "count", type(of: _count))
            defer {
              if _$reading {
                ComposableRuntime.StateReads.end()
              }
            }
            yield &_count
          }
        }

        private var _count = 0

        var customDumpMirror: Mirror {
          Mirror(self, children: [("count", self.count as Any)], displayStyle: .struct)
        }

        static var _$trackedPropertyNames: [String] {
          ["count"]
        }

        static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == \Self.count as AnyKeyPath {
            return "count"
          }
          return nil
        }

        static func _$trackedKeyPath(named name: String) -> AnyKeyPath? {
          switch name {
          case "count":
            return \Self.count
          default:
            return nil
          }
        }
      }

      extension State: ComposableRuntime.ObservableState {
      }

      extension State: ComposableRuntime.CustomDumpReflectable {
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
        }
        func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          try container.encodeTraceValue(self.count, forKey: "count", in: Self.self, at: "count")
        }
      }
      """#
    }
  }

  @Test func enumGetsConformance() {
    assertMacro {
      """
      @ObservableState
      public enum State {
        case loading
        case loaded(Int)
      }
      """
    } expansion: {
      """
      public enum State {
        case loading
        case loaded(Int)
      }

      extension State: ComposableRuntime.ObservableState {
      }
      """
    }
  }

  @Test func alreadyConformingTypeGetsNoExtension() {
    assertMacro {
      """
      @ObservableState
      struct State: ObservableState {
      }
      @ObservableState
      enum Other: ComposableRuntime.ObservableState {
      }
      """
    } expansion: {
      """
      struct State: ObservableState {
      }
      enum Other: ComposableRuntime.ObservableState {
      }

      extension State: Codable {
        init(from decoder: any Decoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          _ = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)

        }
        func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          _ = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)

        }
      }
      """
    }
  }

  @Test func availabilityIsCopiedToTheExtension() {
    assertMacro {
      """
      @available(macOS 14, *)
      @ObservableState
      struct State {
      }
      """
    } expansion: {
      """
      @available(macOS 14, *)
      struct State {
      }

      @available(macOS 14, *) extension State: ComposableRuntime.ObservableState {
      }

      @available(macOS 14, *) extension State: Codable {
        init(from decoder: any Decoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          _ = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)

        }
        func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          _ = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)

        }
      }
      """
    }
  }

  @Test func classIsDiagnosed() {
    assertMacro {
      """
      @ObservableState
      final class Model {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' can only be applied to struct or enum types
      final class Model {
        var count = 0
      }
      """
    }
  }

  @Test func aStateStructIsCodedWithTheTypesNestedInIt() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @Shared(.inMemory("total")) var total = 0
        var mode = Mode.list
        enum Mode { case list, grid }
        struct Filter: Codable { var text = "" }
      }
      """
    } expansion: {
      #"""
      struct State {
        @Shared(.inMemory("total")) var total = 0
        var mode {
          @storageRestrictions(initializes: _mode)
          init(initialValue) {
            _mode = initialValue
          }
          _read {
            let _$reading = ComposableRuntime.StateReads.begin(Self.self, "mode", type(of: _mode))
            defer {
              if _$reading {
                ComposableRuntime.StateReads.end()
              }
            }
            yield _mode
          }
          set {
            ComposableRuntime.StateReads.write(Self.self)
            _mode = newValue
          }
          _modify {
            let _$reading = ComposableRuntime.StateReads.begin(Self.self, "mode", type(of: _mode))
            defer {
              if _$reading {
                ComposableRuntime.StateReads.end()
              }
            }
            yield &_mode
          }
        }

        private var _mode = Mode.list
        @_TraceCodable
        enum Mode { case list, grid 
      }
        struct Filter: Codable { var text = "" 
      }

        var customDumpMirror: Mirror {
          Mirror(self, children: [("_total", self._total as Any), ("mode", self.mode as Any)], displayStyle: .struct)
        }

        static var _$trackedPropertyNames: [String] {
          ["mode"]
        }

        static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == \Self.mode as AnyKeyPath {
            return "mode"
          }
          return nil
        }

        static func _$trackedKeyPath(named name: String) -> AnyKeyPath? {
          switch name {
          case "mode":
            return \Self.mode
          default:
            return nil
          }
        }
      }

      extension State: ComposableRuntime.ObservableState {
      }

      extension State: ComposableRuntime.CustomDumpReflectable {
      }

      extension State: Codable {
        init(from decoder: any Decoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          let container = try decoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          if container.contains("mode") {
            self.mode = try container.decodeTraceValue(forKey: "mode", in: Self.self, at: "mode")
          }
          if container.contains("total") {
            try self.$total.withLock {
              $0 = try container.decodeTraceValue(forKey: "total", in: Self.self, at: "total")
            }
          }
        }
        func encode(to encoder: any Encoder) throws {
          let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
          defer {
            _sharedBoxes.leave()
          }
          var container = encoder.container(keyedBy: ComposableRuntime.TraceCodingKey.self)
          try container.encodeTraceValue(self.total, forKey: "total", in: Self.self, at: "total")
          try container.encodeTraceValue(self.mode, forKey: "mode", in: Self.self, at: "mode")
        }
      }
      """#
    }
  }
}
