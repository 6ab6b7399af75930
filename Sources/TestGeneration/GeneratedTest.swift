/// A test generated from a recording: the Swift source of one file with one test, and what the
/// generator noticed while writing it.
///
/// ```swift
/// let test = try await generator.generate(AppFeature(), module: "MyApp")
/// try test.source.write(toFile: "RecordedSession.swift", atomically: true, encoding: .utf8)
/// print(test.summary.description)   // 24 sends, 9 receives, 5 clock advances, …
/// ```
public struct GeneratedTest: Hashable, Sendable {
  /// The file's Swift source.
  public var source: String
  /// What the source holds and what it could not write as plain Swift.
  public var summary: Summary

  /// What a generated test holds, for the generator's report on standard error.
  public struct Summary: Hashable, Sendable {
    /// Actions sent from outside (`store.send`).
    public var sends = 0
    /// Actions effects sent back (`store.receive`).
    public var receives = 0
    /// `clock.advance(by:)` calls.
    public var clockAdvances = 0
    /// Values yielded to the streams the dependencies make (`continuation.yield(…)`).
    public var streamYields = 0
    /// Values the test decodes inline from JSON because they cannot be written as Swift.
    public var decodedValues = 0
    /// The actions whose effects sent actions back (`counter.view.factButtonTapped (#7)`): those
    /// effects may call dependencies the test has to provide.
    public var effectsSendingBack: [String] = []
    /// Whether the recording holds what its effects asked the clock (schema 4 on).
    public var hasClockRequests = false
    /// Changes to `@Shared` state made outside any action, which the test does not make (its
    /// later steps assert what the reducer did with the value it had).
    public var sharedChangesLeftOut = 0
    /// How the test ends: `finish()` or `skipInFlightEffects()`.
    public var ending = ""

    public init() {}

    /// The summary as lines for standard error.
    public var description: String {
      var lines = [
        "\(self.sends) sends, \(self.receives) receives, \(self.clockAdvances) clock advances, "
          + "\(self.decodedValues) values decoded inline from JSON; ends with \(self.ending)"
      ]
      if self.streamYields > 0 {
        lines.append(
          "\(self.streamYields) values yielded to the streams the dependencies make, each before "
            + "the action it became")
      }
      if !self.effectsSendingBack.isEmpty {
        lines.append(
          "effects that sent actions back (give them their dependencies with --dependencies): "
            + self.effectsSendingBack.joined(separator: ", "))
      }
      if self.sharedChangesLeftOut > 0 {
        lines.append(
          "\(self.sharedChangesLeftOut) changes to shared state made outside any action are "
            + "left out: set them in the test where they happened")
      }
      if !self.hasClockRequests {
        lines.append(
          "the trace holds no clock requests (recorded before schema 4): the test advances no clock"
        )
      }
      return lines.joined(separator: "\n")
    }
  }
}
