import ComposableRuntime
import Foundation
import TestGenerationSupport
import Trace

extension DependencyValues {
  /// Hands back `values`' recorded `uuid`, `date` and random values, each in the order read, as
  /// a generated test's `withDependencies` does.
  mutating func handBack(_ values: [DependencyValueRecord]) {
    self.uuid = .recorded(values.filter { $0.dependency == .uuid }.map(\.value))
    self.date = .recorded(values.filter { $0.dependency == .date }.compactMap { Double($0.value) })
    self.withRandomNumberGenerator = .recorded(
      values.filter { $0.dependency == .random }.compactMap { UInt64($0.value) })
  }
}

extension TraceReader {
  /// The recording's initial state, decoded as `State`: a test and a shrink candidate start from
  /// it.
  ///
  /// - Throws: a one-line ``TestGenerationError`` when the trace holds no `Codable` initial state.
  func initialState<State: Decodable>(as _: State.Type) throws -> State {
    guard let keyframe = try self.codableKeyframe(atOrBefore: 0), keyframe.seq == 0 else {
      throw TestGenerationError("\(self.path): no Codable initial state to start the test from")
    }
    return try JSONDecoder().decode(State.self, from: keyframe.json)
  }
}
