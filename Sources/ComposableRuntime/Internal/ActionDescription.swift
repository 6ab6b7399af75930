import CustomDump

/// An action as issue messages name it: its custom dump on one line when short, indented below
/// otherwise.
func describe(_ action: some Any) -> String {
  let dump = String(customDumping: action)
  return dump.contains("\n")
    ? "\n\n"
      + dump.split(separator: "\n").map { "  " + $0 }
      .joined(separator: "\n") : dump
}
