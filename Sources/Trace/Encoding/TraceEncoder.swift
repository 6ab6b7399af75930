import Foundation

/// Encodes `Encodable` values as compact JSON with sorted keys: the exact encodings a trace keeps
/// for replay (every action, and the state at each keyframe).
///
/// ```swift
/// let bytes = try TraceEncoder().encode(AppFeature.Action.counter(.view(.incrementButtonTapped)))
/// // {"counter":{"_0":{"view":{"_0":{"incrementButtonTapped":{}}}}}}
/// let action = try JSONDecoder().decode(AppFeature.Action.self, from: Data(bytes))
/// ```
///
/// `JSONDecoder` with its default strategies reads what it writes: dates in their own `Codable`
/// form (seconds since 2001), `Data` as Base64, a `URL` as its absolute string, a `Decimal` as a
/// number. Keys are sorted by their UTF-8 bytes, so equal values encode to equal bytes whatever
/// order a dictionary iterates in (`JSONEncoder` with `.sortedKeys` gives the same guarantee).
///
/// NB: It does the job of `JSONEncoder` because the recorder's worker encodes every action a
/// store receives, and Foundation's encoder spent most of the worker's time on type checks and
/// boxing (`runtime-benchmarks encode` prices the two side by side).
public struct TraceEncoder: Sendable {
  public init() {}

  /// The JSON encoding of `value`.
  ///
  /// - Throws: `EncodingError.invalidValue` for a non-finite float (JSON has no spelling for it),
  ///   and whatever `value`'s own `encode(to:)` throws.
  public func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    let root = ValueEncoder(parent: nil, key: nil)
    let encoded = try root.box(value, forKey: nil)
    var writer = JSONWriter(reservingCapacity: 96)
    encoded.write(into: &writer)
    return writer.bytes
  }
}
