/// What an overlapping-effects finding saw: the action case, the effect's source, how often its
/// effects ran together without one cancelling another, and the `tca-replay chaos` command that
/// replays the recording with their answers in other orders to confirm the race.
///
/// ```swift
/// if let race = finding.race {
///   print("\(race.action) → \(race.effect): \(race.overlaps) overlaps")
///   print(race.command)  // tca-replay chaos search.sqlite --final 'resultsFor == "ber"'
/// }
/// ```
public struct EffectRace: Codable, Hashable, Sendable {
  /// The case path of the action that started the effects (`search.queryChanged`).
  public var action: String
  /// The effect's `.run(name:)`, if it has one.
  public var name: String?
  /// The effect's `file:line`, if the trace has it.
  public var location: String?
  /// The cancel ids the effects shared; empty when they had none.
  public var cancelIDs: [String]
  /// How many of the case's effects from this source ended without being cancelled.
  public var effects: Int
  /// How many of those started while an earlier one was still running.
  public var overlaps: Int
  /// The `--final` predicate of ``command``: the values the last answer's changes left in the
  /// final state. `nil` when there is none to check (the command then compares the whole final
  /// state).
  public var final: String?
  /// The command to paste: `tca-replay chaos TRACE --final '…'`.
  public var command: String

  /// The effect as reports name it: `name (location)`, the name, the location, or `run`.
  public var effect: String {
    switch (self.name, self.location) {
    case let (name?, location?): "\(name) (\(location))"
    case let (name?, nil): name
    case let (nil, location?): location
    case (nil, nil): "run"
    }
  }

  /// A race from its fields; `command` is made from `trace` and `final`.
  public init(
    action: String, name: String?, location: String?, cancelIDs: [String], effects: Int,
    overlaps: Int, trace: String, final: String?
  ) {
    self.action = action
    self.name = name
    self.location = location
    self.cancelIDs = cancelIDs
    self.effects = effects
    self.overlaps = overlaps
    self.final = final
    self.command = ChaosCommandLine(trace: trace, final: final).description
  }
}
