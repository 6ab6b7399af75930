import ComposableRuntime
import Foundation

/// Loads a fact about a number.
///
/// The live value is an offline fake: it answers after a latency measured on
/// `\.continuousClock`, so the demo runs anywhere, and fails for 13 to exercise the error path.
@DependencyClient
public struct FactClient: Sendable {
  /// Returns a fact about `number`.
  public var fetch: @Sendable (_ number: Int) async throws -> String

  /// The error the live fake throws for unlucky numbers.
  public struct Unlucky: Error, Equatable, CustomStringConvertible {
    public let number: Int
    public init(number: Int) { self.number = number }
    public var description: String { "\(number) is unlucky: no fact today" }
  }
}

extension FactClient: DependencyKey {
  public static let liveValue = FactClient { number in
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(300))
    guard number != 13 else { throw Unlucky(number: number) }
    return "\(number) is \(number.isMultiple(of: 2) ? "an even" : "an odd") number."
  }

  public static let testValue = FactClient()
}

extension DependencyValues {
  /// The client the counter loads number facts with.
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}
