extension TraceValue {
  /// Applies one operation in place.
  ///
  /// The path's components lead from `self` to the value a `replace` swaps out, or to the
  /// object or array an `insert` or `remove` changes, whose last component says where:
  ///
  /// - `.field(name)`: an insert appends the field (which must be new), a remove drops it.
  /// - `.index(n)`: an insert puts the element at `n` (`0...count`), a remove takes it out.
  /// - `.id(text)`: an insert appends the element (no element may have that id yet); a remove
  ///   takes out the element whose ``renderedID`` is `text`.
  ///
  /// The `old` values an operation carries are for people and are not checked.
  ///
  /// ```swift
  /// var state = try TraceValue(jsonText: #"{"count":1}"#)
  /// try state.apply(.replace(TracePath([.field("count")]), old: .int(1), new: .int(2)))
  /// state.jsonText  // {"count":2}
  /// ```
  ///
  /// - Throws: ``TracePatchError`` naming the path, if it leads nowhere or through a value of the
  ///   wrong kind, or if an insert names something that already exists. `self` is unchanged then.
  public mutating func apply(_ operation: DiffOperation) throws {
    let components = operation.path.components
    switch operation {
    case let .replace(_, _, new):
      try self.modify(at: components[...], for: operation) { $0 = new }
    case let .insert(_, value):
      guard let last = components.last else {
        throw TracePatchError(operation: operation, reason: "the root can only be replaced")
      }
      try self.modify(at: components.dropLast(), for: operation) { container in
        try container.insert(value, at: last, for: operation)
      }
    case .remove:
      guard let last = components.last else {
        throw TracePatchError(operation: operation, reason: "the root can only be replaced")
      }
      try self.modify(at: components.dropLast(), for: operation) { container in
        try container.remove(at: last, for: operation)
      }
    }
  }

  /// Applies operations in order, all or none: `old.apply(old.diff(to: new))` makes `old` equal
  /// `new`.
  ///
  /// ```swift
  /// var state = old
  /// try state.apply(old.diff(to: new))
  /// ```
  ///
  /// - Throws: The first ``TracePatchError``; `self` is unchanged then.
  public mutating func apply(_ operations: [DiffOperation]) throws {
    var patched = self
    for operation in operations { try patched.apply(operation) }
    self = patched
  }

  /// A copy with `operations` applied in order; see ``apply(_:)-([DiffOperation])``.
  ///
  /// ```swift
  /// let replayed = try keyframe.applying(diffs)
  /// ```
  public func applying(_ operations: [DiffOperation]) throws -> TraceValue {
    var patched = self
    try patched.apply(operations)
    return patched
  }

  /// Runs `body` on the value at `components`, in place.
  ///
  /// NB: Each level takes its array out of `self` (leaving `.null`) before changing it, so an
  /// array that nothing else shares is changed without a copy.
  private mutating func modify(
    at components: ArraySlice<TracePath.Component>,
    for operation: DiffOperation,
    _ body: (inout TraceValue) throws -> Void
  ) throws {
    guard let component = components.first else { return try body(&self) }
    let failure = Failure(operation: operation, containerEnd: components.startIndex)
    let rest = components.dropFirst()
    switch component {
    case let .field(name):
      guard case var .object(fields) = self else { throw failure.wrongKind(self, "an object") }
      guard let position = fields.firstIndex(where: { $0.name == name }) else {
        throw failure.because("has no field \(TracePath.quoted(name))")
      }
      self = .null
      defer { self = .object(fields) }
      try fields[position].value.modify(at: rest, for: operation, body)
    case let .index(index):
      guard case var .array(elements) = self else { throw failure.wrongKind(self, "an array") }
      guard elements.indices.contains(index) else {
        throw failure.because("has no index \(index) (it has \(Self.count(elements)))")
      }
      self = .null
      defer { self = .array(elements) }
      try elements[index].modify(at: rest, for: operation, body)
    case let .id(id):
      guard case var .array(elements) = self else { throw failure.wrongKind(self, "an array") }
      guard let position = elements.firstIndex(where: RenderedIDMatcher(id).matches) else {
        throw failure.because("has no element with id \(id)")
      }
      self = .null
      defer { self = .array(elements) }
      try elements[position].modify(at: rest, for: operation, body)
    }
  }

  private mutating func insert(
    _ value: TraceValue,
    at component: TracePath.Component,
    for operation: DiffOperation
  ) throws {
    let failure = Failure(operation: operation, containerEnd: operation.path.components.count - 1)
    switch component {
    case let .field(name):
      guard case var .object(fields) = self else { throw failure.wrongKind(self, "an object") }
      guard !fields.contains(where: { $0.name == name }) else {
        throw failure.because("already has a field \(TracePath.quoted(name))")
      }
      self = .null
      fields.append(Field(name, value))
      self = .object(fields)
    case let .index(index):
      guard case var .array(elements) = self else { throw failure.wrongKind(self, "an array") }
      guard (0...elements.count).contains(index) else {
        throw failure.because("has no index \(index) to insert at (it has \(Self.count(elements)))")
      }
      self = .null
      elements.insert(value, at: index)
      self = .array(elements)
    case let .id(id):
      guard case var .array(elements) = self else { throw failure.wrongKind(self, "an array") }
      guard !elements.contains(where: RenderedIDMatcher(id).matches) else {
        throw failure.because("already has an element with id \(id)")
      }
      self = .null
      elements.append(value)
      self = .array(elements)
    }
  }

  private mutating func remove(
    at component: TracePath.Component,
    for operation: DiffOperation
  ) throws {
    let failure = Failure(operation: operation, containerEnd: operation.path.components.count - 1)
    switch component {
    case let .field(name):
      guard case var .object(fields) = self else { throw failure.wrongKind(self, "an object") }
      guard let position = fields.firstIndex(where: { $0.name == name }) else {
        throw failure.because("has no field \(TracePath.quoted(name))")
      }
      self = .null
      fields.remove(at: position)
      self = .object(fields)
    case let .index(index):
      guard case var .array(elements) = self else { throw failure.wrongKind(self, "an array") }
      guard elements.indices.contains(index) else {
        throw failure.because("has no index \(index) (it has \(Self.count(elements)))")
      }
      self = .null
      elements.remove(at: index)
      self = .array(elements)
    case let .id(id):
      guard case var .array(elements) = self else { throw failure.wrongKind(self, "an array") }
      guard let position = elements.firstIndex(where: RenderedIDMatcher(id).matches) else {
        throw failure.because("has no element with id \(id)")
      }
      self = .null
      elements.remove(at: position)
      self = .array(elements)
    }
  }

  /// Builds the ``TracePatchError``s for the container at the first `containerEnd` components
  /// of an operation's path.
  private struct Failure {
    let operation: DiffOperation
    let containerEnd: Int

    func because(_ reason: String) -> TracePatchError {
      let components = self.operation.path.components[..<self.containerEnd]
      let container = components.isEmpty ? "the root" : "\(TracePath(Array(components)))"
      return TracePatchError(operation: self.operation, reason: "\(container) \(reason)")
    }

    func wrongKind(_ value: TraceValue, _ expected: String) -> TracePatchError {
      self.because("is \(value.kindDescription), not \(expected)")
    }
  }

  private static func count(_ elements: [TraceValue]) -> String {
    elements.count == 1 ? "1 element" : "\(elements.count) elements"
  }

  /// The kind of value with its article, for messages: `an object`, `a string`, `null`.
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a bool"
    case .int: "an int"
    case .double: "a double"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    case .redacted: "redacted"
    }
  }
}
