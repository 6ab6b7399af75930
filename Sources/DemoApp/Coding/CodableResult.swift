/// How the demo encodes a `Result` in an action, so that its actions are `Codable` and a recording
/// of it can be replayed: `{"success": value}` or `{"failure": error}`.
///
/// Swift's `Result` is not `Codable`, and `any Error` cannot be decoded. The pattern, for an
/// action that carries an effect's result:
///
/// 1. The failure is a small `Codable` error of the feature's own that holds what the state shows
///    (``CounterFeature/FactError`` keeps the message), made from whatever the client threw.
/// 2. The enum with the `Result` case writes its coding by hand, going through this type for the
///    result, the other cases as Swift would synthesize them:
///
/// ```swift
/// extension CounterFeature.Action.Internal: Codable {
///   …
///   case let .factResponse(result):
///     try container.encode(CodableResult(result), forKey: .factResponse)
/// }
/// ```
///
/// A replay then hands the reducer the very failure it was recorded with.
enum CodableResult<Success: Codable, Failure: Error & Codable>: Codable {
  case success(Success)
  case failure(Failure)

  init(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  var result: Result<Success, Failure> {
    switch self {
    case let .success(value): .success(value)
    case let .failure(error): .failure(error)
    }
  }
}
