/// The cases of an enum none of whose cases carries a value, by name, read from the enum's
/// metadata (``EnumMetadata``): how ``ReflectedValue`` codes such an enum when it is not
/// `Codable` (`enum Player { case o, x }` codes as `"x"`).
final class PlainEnumCases: @unchecked Sendable {
  // NB: @unchecked: immutable once made.
  private let names: [String]
  private let tags: [String: Int]
  private let witnesses: EnumWitnesses

  private init(names: [String], witnesses: EnumWitnesses) {
    self.names = names
    self.witnesses = witnesses
    var tags: [String: Int] = [:]
    for (tag, name) in names.enumerated() { tags[name] = tag }
    self.tags = tags
  }

  /// The cases of `type`, or `nil` when it is not an enum or some case of it carries a value.
  static func of(_ type: Any.Type) -> PlainEnumCases? {
    memo.value(for: type) { type in
      guard let metadata = EnumMetadata(type), metadata.payloadCaseCount == 0,
        metadata.emptyCaseCount > 0, let cases = metadata.cases()
      else { return nil }
      return PlainEnumCases(names: cases.map(\.name), witnesses: metadata.witnesses)
    }
  }

  private static let memo = TypeMemo<PlainEnumCases>()

  /// The name of the case `value` is in.
  func name<Value>(of value: Value) -> String {
    withUnsafePointer(to: value) { self.names[Int(self.witnesses.tag(of: $0))] }
  }

  /// The value of the case named `name`, or `nil` when there is none.
  func value<Value>(named name: String) -> Value? {
    guard let tag = self.tags[name] else { return nil }
    // NB: A case without values is its tag alone: injecting it needs no payload in the memory.
    return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
      let memory = UnsafeMutableRawPointer(buffer.baseAddress!)
      self.witnesses.injectTag(UInt32(tag), into: memory)
      return memory.assumingMemoryBound(to: Value.self).move()
    }
  }
}
