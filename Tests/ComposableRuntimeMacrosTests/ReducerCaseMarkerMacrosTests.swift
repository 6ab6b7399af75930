import MacroTesting
import Testing

@Suite(
  .macros(
    [
      "ReducerCaseEphemeral": MacroSpecs.reducerCaseEphemeral,
      "ReducerCaseIgnored": MacroSpecs.reducerCaseIgnored,
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ReducerCaseMarkerMacrosTests {
  @Test func markersExpandToNothing() {
    assertMacro {
      """
      enum Destination {
        @ReducerCaseEphemeral
        case alert(AlertState<Alert>)
        @ReducerCaseIgnored
        case none
      }
      """
    } expansion: {
      """
      enum Destination {
        case alert(AlertState<Alert>)
        case none
      }
      """
    }
  }
}
