import ArgumentParser

/// The sequence numbers a command takes as positional arguments (`show TRACE SEQ`,
/// `diff TRACE SEQ [SEQ2]`), in the order given; any of them may be negative, so that `-5`
/// meets the range check like any other seq instead of being taken for a flag.
///
/// NB: argument-parser reads `-5` as a flag named `5` and has no parsing strategy for a single
/// positional that may start with `-` (apple/swift-argument-parser#31); an array declared with
/// `.allUnrecognized` collects every input the parser did not take, in order, negative numbers
/// included. A command declares its seqs as that array and decodes them here, which also says
/// what the parser would have said about a missing seq, an extra argument or an unknown option.
///
/// ```swift
/// @Argument(parsing: .allUnrecognized, help: ArgumentHelp("…", valueName: "seq"))
/// var seqs: [String] = []
/// let seq = try PositionalSeqs(self.seqs, names: ["<seq>"], required: 1).values[0]
/// ```
struct PositionalSeqs {
  /// The seqs given, in order: at least `required` and at most one per name.
  var values: [Int64]

  /// Decodes `inputs` as seqs named `names` (`<seq>`, `<seq2>`), the first `required` of them
  /// required; anything else is a one-line ``ValidationError``.
  init(_ inputs: [String], names: [String], required: Int) throws {
    var values: [Int64] = []
    // NB: The first `--` (after which every input is a value) comes through as well.
    var rest = inputs[...]
    if let terminator = rest.firstIndex(of: "--") { rest.remove(at: terminator) }
    for input in rest {
      guard let value = Int64(input) else {
        // NB: An input that is not a number and starts with `-` is a flag this command does not
        // know; the parser left it here instead of saying so itself.
        throw ValidationError(
          input.hasPrefix("-")
            ? "Unknown option '\(input)'"
            : values.count < names.count
              ? "The value '\(input)' is invalid for '\(names[values.count])'"
              : "Unexpected argument '\(input)'")
      }
      guard values.count < names.count else {
        throw ValidationError("Unexpected argument '\(input)'")
      }
      values.append(value)
    }
    guard values.count >= required else {
      throw ValidationError("Missing expected argument '\(names[values.count])'")
    }
    self.values = values
  }
}
