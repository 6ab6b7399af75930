import ComposableRuntimeMacros
import SwiftSyntaxMacroExpansion

/// The macros under test, with the conformances `ComposableRuntime/Macros.swift` declares for
/// their extension roles, so that the expansions see the protocols the compiler would pass.
enum MacroSpecs {
  static let reducer = MacroSpec(
    type: ReducerMacro.self,
    conformances: ["Reducer", "CaseReducer"]
  )
  static let observableState = MacroSpec(
    type: ObservableStateMacro.self,
    conformances: ["ObservableState", "CustomDumpReflectable", "Encodable", "Decodable"]
  )
  static let traceCodable = MacroSpec(
    type: TraceCodableMacro.self, conformances: ["Encodable", "Decodable"])
  static let traceCodableMember = MacroSpec(
    type: TraceCodableMemberMacro.self, conformances: ["Encodable", "Decodable"])
  static let observationStateTracked = MacroSpec(type: ObservationStateTrackedMacro.self)
  static let reducerCaseEphemeral = MacroSpec(type: ReducerCaseEphemeralMacro.self)
  static let reducerCaseIgnored = MacroSpec(type: ReducerCaseIgnoredMacro.self)
}
