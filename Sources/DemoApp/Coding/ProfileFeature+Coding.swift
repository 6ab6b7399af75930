import ComposableRuntime

/// The form's fields as they are; the alert and the dialog as what they were made from
/// (`{"alert": {"save": {"name": "Blob"}}}`), since the feature builds them from its state.
extension ProfileFeature.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case name, bio, isPublic, nameProblem, saved, alert, dialog, temperatureUnit
  }

  /// The alerts the feature shows, by what each is made from.
  private enum ShownAlert: Codable {
    case save(name: String)
    case cannotSave(reason: String)
  }

  /// The one dialog the feature shows.
  private enum ShownDialog: String, Codable {
    case reset
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try container.decode(String.self, forKey: .name),
      bio: try container.decode(String.self, forKey: .bio),
      saved: try container.decodeIfPresent(ProfileFeature.Profile.self, forKey: .saved))
    self.isPublic = try container.decode(Bool.self, forKey: .isPublic)
    self.nameProblem = try container.decodeIfPresent(String.self, forKey: .nameProblem)
    switch try container.decodeIfPresent(ShownAlert.self, forKey: .alert) {
    case let .save(name)?: self.alert = ProfileFeature.saveAlert(name: name)
    case let .cannotSave(reason)?: self.alert = ProfileFeature.cannotSaveAlert(reason)
    case nil: self.alert = nil
    }
    if try container.decodeIfPresent(ShownDialog.self, forKey: .dialog) != nil {
      self.dialog = ProfileFeature.resetDialog
    }
    // NB: A shared setting: decoding a recorded state puts the recorded unit back, so that a
    // replay starts where the recording did. Traces from before the setting have none.
    if let unit = try container.decodeIfPresent(TemperatureUnit.self, forKey: .temperatureUnit) {
      self.$temperatureUnit.withLock { $0 = unit }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.name, forKey: .name)
    try container.encode(self.bio, forKey: .bio)
    try container.encode(self.isPublic, forKey: .isPublic)
    try container.encodeIfPresent(self.nameProblem, forKey: .nameProblem)
    try container.encodeIfPresent(self.saved, forKey: .saved)
    try container.encode(self.temperatureUnit, forKey: .temperatureUnit)
    if let alert = self.alert {
      try container.encode(try self.shown(alert, codingPath: encoder.codingPath), forKey: .alert)
    }
    if let dialog = self.dialog {
      guard dialog == ProfileFeature.resetDialog else {
        throw EncodingError.invalidValue(
          dialog,
          EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: "a dialog the feature never shows"))
      }
      try container.encode(ShownDialog.reset, forKey: .dialog)
    }
  }

  /// Which of the feature's alerts `alert` is: the save alert names the name being saved, the
  /// other one the reason the form gave.
  private func shown(
    _ alert: AlertState<ProfileFeature.Action.Alert>, codingPath: [any CodingKey]
  ) throws -> ShownAlert {
    if alert == ProfileFeature.saveAlert(name: self.name) { return .save(name: self.name) }
    let reason = self.nameProblem ?? "Enter a name first."
    if alert == ProfileFeature.cannotSaveAlert(reason) { return .cannotSave(reason: reason) }
    throw EncodingError.invalidValue(
      alert,
      EncodingError.Context(
        codingPath: codingPath, debugDescription: "an alert the feature does not build from its state"))
  }
}
