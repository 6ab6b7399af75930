import Replay

/// The root features an executable replays traces of: the shipped `tca-replay` registers the
/// demo app's, a team's own executable registers its own.
///
/// ```swift
/// enum MyFeatures: ReplayableFeatures {
///   static var features: [ReplayableFeature] { [ReplayableFeature { AppFeature() }] }
/// }
/// struct MyTool: AsyncParsableCommand {
///   static let configuration = TCAReplay.configuration(
///     adding: [TCAReplay.ReplayCommand<MyFeatures>.self, TCAReplay.VerifyCommand<MyFeatures>.self])
/// }
/// ```
public protocol ReplayableFeatures {
  /// The features, matched against a trace header's root state type.
  static var features: [ReplayableFeature] { get }
}
