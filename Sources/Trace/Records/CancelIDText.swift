/// How a trace writes an effect's cancel id: as the id describes itself, without the addresses
/// the runtime prints for a type declared inside a function, which differ from run to run
/// (`ID.(unknown context at $55e47448cb74).RawValue()` is written `ID.(unknown context).RawValue()`),
/// so that a replay in another process compares equal.
public enum CancelIDText {
  /// The text of `id`.
  public static func describing(_ id: Any) -> String {
    Self.normalized("\(id)")
  }

  /// `text` without the addresses of unknown contexts: also applied to traces written before
  /// they were left out.
  public static func normalized(_ text: String) -> String {
    guard text.contains("(unknown context at $") else { return text }
    return text.replacing(/\(unknown context at \$[0-9a-fA-F]+\)/, with: "(unknown context)")
  }
}
