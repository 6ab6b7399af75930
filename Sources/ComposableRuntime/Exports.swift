// Importing ComposableRuntime gives a feature everything `import ComposableArchitecture` gives it.
@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
@_exported import InstrumentationValues
@_exported import IssueReporting
