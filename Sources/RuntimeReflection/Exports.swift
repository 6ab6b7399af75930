// The instrumentation's values as a trace sees them come with the runtime's own types' conformances.
@_exported import EventReflection
