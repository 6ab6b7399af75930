import Foundation

/// `value` encoded as JSON with its keys sorted, as the coding tests compare it.
func json(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `value` encoded as JSON and decoded again.
func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
  try JSONDecoder().decode(Value.self, from: try JSONEncoder().encode(value))
}
