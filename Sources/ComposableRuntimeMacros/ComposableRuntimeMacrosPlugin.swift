import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `ComposableRuntime`'s macros.
///
/// `ComposableRuntime/Macros.swift` declares each macro with
/// `#externalMacro(module: "ComposableRuntimeMacros", type: ...)`, naming one of the types listed
/// here.
@main
struct ComposableRuntimeMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateTrackedMacro.self,
    ReducerCaseEphemeralMacro.self,
    ReducerCaseIgnoredMacro.self,
    ReducerMacro.self,
    TraceCodableMacro.self,
    TraceCodableMemberMacro.self,
  ]
}
