import ArgumentParser

extension TCAReplay {
  /// The whole tool for one package's features: every standard command, with `replay`, `verify`,
  /// `chaos` and `test` for `Features`. The SwiftPM command plugin (`swift package tca-replay`)
  /// builds an executable of this for the feature a trace names; a team's own executable can
  /// run it as well:
  ///
  /// ```swift
  /// await CommandLineTool.main(TCAReplay.FeatureCommands<MyFeatures>.self)   // main.swift
  /// ```
  public struct FeatureCommands<Features: ReplayableFeatures & TestableFeatures>:
    AsyncParsableCommand
  {
    public static var configuration: CommandConfiguration {
      TCAReplay.configuration(adding: [
        ReplayCommand<Features>.self, VerifyCommand<Features>.self, ChaosCommand<Features>.self,
        TestCommand<Features>.self,
      ])
    }

    public init() {}
  }
}
