import MacroTesting
import Testing

@Suite(
  .macros(
    ["ObservableState": MacroSpecs.observableState],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ObservableStateMacroTests {
  @Test func structGetsConformance() {
    assertMacro {
      """
      @ObservableState
      struct State: Equatable {
        var count = 0
      }
      """
    } expansion: {
      """
      struct State: Equatable {
        var count = 0
      }

      extension State: ComposableRuntime.ObservableState {
      }
      """
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
}
