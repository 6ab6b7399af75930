import ComposableRuntime
import DemoApp
import RuntimeReflection
import StateReflection
import Testing
import Trace

/// A shared value reads in a trace as its current value, under its property's name.
@Suite struct SharedReflectionTests {
  struct Settings: Equatable, Sendable {
    var volume = 5
  }

  struct State: Equatable {
    @Shared(.inMemory("settings")) var settings = Settings()
    @SharedReader(.inMemory("count")) var count = 3
  }

  @Test func sharedReflectsAsItsCurrentValue() throws {
    let state = State()
    state.$settings.withLock { $0.volume = 7 }
    let value = Reflection.value(of: state)
    #expect(value.value(at: try TracePath(parsing: "settings.volume")) == .int(7))
    #expect(value.value(at: try TracePath(parsing: "count")) == .int(3))
    #expect(value.value(at: try TracePath(parsing: "_settings")) == nil)
  }

  @Test func aSharedEnumReflectsAsItsCase() throws {
    let state = SearchFeature.State()
    let value = Reflection.value(of: state)
    #expect(
      value.value(at: try TracePath(parsing: "temperatureUnit"))
        == .object([.init("celsius", .null)]))
  }
}
