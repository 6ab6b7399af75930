/// How the search's hand-written coding encodes its `Result`, `{"success": {"_0": value}}` or
/// `{"failure": {"_0": error}}`: the shape `@Reducer`'s synthesized coding gives a `Result` too,
/// so the counter, whose coding is synthesized now, still reads the traces recorded when it was
/// written by hand.
///
/// ```swift
/// try response.encode(CodableResult(result), forKey: .result)
/// ```
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
