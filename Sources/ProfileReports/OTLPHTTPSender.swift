import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Posts OTLP/JSON requests to an OpenTelemetry receiver over OTLP/HTTP: `POST` with
/// `Content-Type: application/json` to the endpoint (`/v1/traces` when the URL has no path).
///
/// A receiver that is busy (429, 502, 503, 504) is asked again after a wait: the `Retry-After`
/// it gave, else a backoff that doubles from ``firstBackoff``; at most ``maxAttempts`` times in
/// all. Any other answer that is not a success, or no receiver at all, is an
/// ``OTLPSendError`` at once.
///
/// ```swift
/// let sender = try OTLPHTTPSender(endpoint: "http://localhost:4318")
/// try OTLPExporter(trace: trace).export(batchesOf: 1000) { try sender.post($0) }
/// ```
public struct OTLPHTTPSender: Sendable {
  /// Where requests go.
  public var url: URL
  /// How many times one request is tried before giving up.
  public var maxAttempts = 5
  /// The wait before the second attempt; it doubles for each later one.
  public var firstBackoff: Duration = .milliseconds(500)
  /// The longest wait between two attempts, whatever `Retry-After` asks for.
  public var longestBackoff: Duration = .seconds(30)
  /// Every wait is multiplied by this (the tests make it small; `TCA_REPLAY_OTLP_BACKOFF_SCALE`
  /// sets it for the command).
  public var delayScale = 1.0
  /// How many attempts the requests so far took in all (a request answered at once counts 1).
  public var attempts: Int { self.counter.value }
  private let counter = AttemptCounter()

  /// A sender to `endpoint`, an `http` or `https` URL; `/v1/traces` is added when it has no path.
  public init(endpoint: String) throws(OTLPSendError) {
    guard var components = URLComponents(string: endpoint),
      ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
      components.host?.isEmpty == false
    else { throw .badEndpoint(endpoint) }
    if components.path.isEmpty || components.path == "/" { components.path = "/v1/traces" }
    guard let url = components.url else { throw .badEndpoint(endpoint) }
    self.url = url
  }

  /// Answers worth another attempt: too many requests, and a gateway or service that is
  /// unavailable for now.
  static let retryable: Set<Int> = [429, 502, 503, 504]

  /// Posts `body`, retrying while the receiver is busy; returns once it accepted it.
  public func post(_ body: [UInt8]) throws(OTLPSendError) {
    var attempt = 0
    while true {
      attempt += 1
      self.counter.value += 1
      let answer = Self.send(body, to: self.url)
      switch answer {
      case let .failure(error):
        throw .unreachable(url: self.url.absoluteString, reason: error.localizedDescription)
      case let .success((status, _, _)) where (200..<300).contains(status):
        return
      case let .success((status, retryAfter, text)):
        guard Self.retryable.contains(status), attempt < self.maxAttempts else {
          throw .refused(
            url: self.url.absoluteString, status: status, body: text, attempts: attempt)
        }
        Thread.sleep(forTimeInterval: self.delay(afterAttempt: attempt, retryAfter: retryAfter))
      }
    }
  }

  /// How long to wait after attempt `attempt` (from 1): `Retry-After` in seconds when the
  /// receiver gave one, else the doubling backoff; never over ``longestBackoff``, then scaled.
  func delay(afterAttempt attempt: Int, retryAfter: String?) -> TimeInterval {
    let longest = Self.seconds(self.longestBackoff)
    let wait =
      retryAfter.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
      ?? Self.seconds(self.firstBackoff) * Double(1 << min(attempt - 1, 20))
    return max(0, min(wait, longest)) * self.delayScale
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// One `POST`, waited for: the status, `Retry-After` and the start of the body, or why no
  /// answer came.
  static func send(_ body: [UInt8], to url: URL) -> Result<(Int, String?, String), any Error> {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(body)
    let done = DispatchSemaphore(value: 0)
    let answer = AnswerBox()
    // NB: The command runs the export on a thread of its own, so waiting here blocks no task;
    // the session answers on its own queue.
    let task = URLSession.shared.dataTask(with: request) { data, response, error in
      if let error {
        answer.result = .failure(error)
      } else if let response = response as? HTTPURLResponse {
        let text = String(decoding: (data ?? Data()).prefix(200), as: UTF8.self)
        answer.result = .success(
          (response.statusCode, response.value(forHTTPHeaderField: "Retry-After"), text))
      } else {
        answer.result = .failure(URLError(.badServerResponse))
      }
      done.signal()
    }
    task.resume()
    done.wait()
    return answer.result ?? .failure(URLError(.unknown))
  }
}

/// Why an OTLP/HTTP export failed, in one line.
public enum OTLPSendError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The endpoint is not an `http` or `https` URL with a host.
  case badEndpoint(String)
  /// No answer: nothing listening, a name that does not resolve, a broken connection.
  case unreachable(url: String, reason: String)
  /// The receiver answered with an error, or was still busy after every attempt.
  case refused(url: String, status: Int, body: String, attempts: Int)

  /// The error in one line.
  public var description: String {
    switch self {
    case let .badEndpoint(text):
      "--otlp-endpoint: expected an http or https URL such as http://localhost:4318, found "
        + "'\(text)'"
    case let .unreachable(url, reason):
      "\(url): expected an OTLP/HTTP receiver, found none (\(reason))"
    case let .refused(url, status, body, attempts):
      "\(url): expected the receiver to accept the spans, found HTTP \(status)"
        + (attempts > 1 ? " after \(attempts) attempts" : "")
        + Self.excerpt(body)
    }
  }

  /// The start of the receiver's answer on one line, or nothing when it said nothing.
  static func excerpt(_ body: String) -> String {
    let line = body.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
    return line.isEmpty ? "" : ": \(line.prefix(120))"
  }
}

/// Where a request's completion handler leaves its answer for the waiting thread.
private final class AnswerBox: @unchecked Sendable {
  // NB: Written once by the handler before it signals, read once after the wait.
  var result: Result<(Int, String?, String), any Error>?
}

/// How many attempts a sender made, shared by its copies.
private final class AttemptCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int {
    get { lock.withLock { count } }
    set { lock.withLock { count = newValue } }
  }
}
