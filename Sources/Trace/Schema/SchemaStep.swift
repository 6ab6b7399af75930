/// One version of the trace's layout: the statements that turn an empty trace of the version
/// before into an empty trace of this one.
struct SchemaStep: Sendable {
  /// What the version changed, in a few words.
  let name: String
  /// Run in order, in one transaction, on a new file.
  let statements: [String]
}
