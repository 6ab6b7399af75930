/// Follows the value at one path of the state through stored diffs, decoding of each operation
/// only what can change that value.
///
/// ```swift
/// var follower = PathFollower(path: try TracePath(parsing: "todos[id: 3].isComplete"))
/// var value = state.value(at: follower.path)
/// try follower.follow(diffJSON: diff, value: &value)  // the value after that diff
/// ```
///
/// An operation at the path replaces the value; one inside it is applied to the value; one that
/// replaces, inserts or removes something holding it gives the value found there, or `nil`. The
/// values of every other operation are skipped (their syntax is checked) rather than built.
struct PathFollower {
  let path: TracePath
  /// How the path of each operation seen so far relates to ``path``, by its stored text.
  private var relations: [String: Relation] = [:]
  /// The stored text of the last operation path (between its quotes), and its relation.
  ///
  /// NB: Consecutive operations mostly share a path; comparing its bytes with the last one's
  /// makes no string and hashes nothing.
  private var lastPathText: [UInt8] = []
  private var lastRelation: Relation?

  /// The most operation paths whose relation is remembered; past it, the memory starts over.
  static let rememberedPaths = 4096

  init(path: TracePath) {
    self.path = path
  }

  /// Where an operation's path sits relative to the followed path.
  enum Relation: Equatable {
    /// At the followed path itself.
    case same
    /// Inside the followed value, at this path relative to it.
    case inside(TracePath)
    /// At something that holds the followed value, which sits at this path inside it.
    case holder(TracePath)
    /// At a position of the array that holds the element the followed path names by id
    /// (`todos[0]` for `todos[id: 3].title`): an element inserted there by position may be that
    /// one, and the followed value sits at this path inside it.
    case position(id: String, rest: TracePath)
    /// Anywhere else.
    case unrelated
  }

  /// Updates `value`, the value at ``path``, for the operations of one stored diff (a JSON
  /// array, as ``DiffOperation/jsonData(of:)`` writes it).
  ///
  /// - Throws: ``TraceValueDecodingError`` for a diff that does not read.
  mutating func follow(diffJSON: UnsafeBufferPointer<UInt8>, value: inout TraceValue?) throws {
    var scanner = JSONScanner(diffJSON)
    try scanner.forEachOperation { scanner in
      try self.followOperation(&scanner, value: &value)
    }
  }

  private mutating func followOperation(
    _ scanner: inout JSONScanner,
    value: inout TraceValue?
  ) throws {
    var relation: Relation?
    var old: TraceValue?
    var new: TraceValue?
    let (kind, _) = try scanner.readOperation(
      path: { scanner in relation = try self.readRelation(&scanner) },
      value: { scanner, key in
        // NB: Until the path is known (its key comes first as stored), every value is read.
        let isNeeded =
          switch relation {
          case nil: true
          case .unrelated: false
          case .same, .holder: key != .old
          case .inside, .position: true
          }
        guard isNeeded else { return try scanner.skipValue(depth: 1) }
        let read = try scanner.readValue(depth: 1)
        if key == .old { old = read } else { new = read }
      })
    switch relation! {
    case .unrelated:
      return
    case .same:
      value = kind == .remove ? nil : new
    case let .holder(rest):
      value = kind == .remove ? nil : new?.value(at: rest)
    case let .position(id, rest):
      let matcher = RenderedIDMatcher(id)
      if kind != .remove, let new, matcher.matches(new) {
        value = new.value(at: rest)
      } else if kind != .insert, let old, matcher.matches(old) {
        value = nil
      }
    case let .inside(relative):
      guard var current = value else { return }
      let operation: DiffOperation =
        switch kind {
        case .replace: .replace(relative, old: old!, new: new!)
        case .insert: .insert(relative, new!)
        case .remove: .remove(relative, old: old!)
        }
      // NB: A diff that does not apply to the value it was made from means a corrupt trace;
      // the value stays as it was rather than failing the whole listing.
      if (try? current.apply(operation)) != nil { value = current }
    }
  }

  /// Reads the value of an operation's `"path"` key, returning how that path relates to
  /// ``path``.
  private mutating func readRelation(_ scanner: inout JSONScanner) throws -> Relation {
    scanner.skipWhitespace()
    let start = scanner.offset
    if let relation = self.lastRelation, let text = scanner.readPlainString(),
      self.lastPathText.withUnsafeBufferPointer({ text.hasSameBytes(as: $0) })
    {
      return relation
    }
    scanner.offset = start
    let (text, offset) = try scanner.readPathText()
    let relation = try self.relation(of: text, at: offset)
    self.lastPathText = Array(scanner.bytes[start + 1..<scanner.offset - 1])
    self.lastRelation = relation
    return relation
  }

  /// The relation of the operation path stored as `text`, read at `offset` of the diff.
  private mutating func relation(of text: String, at offset: Int) throws -> Relation {
    if let known = self.relations[text] { return known }
    let target = try JSONScanner.path(parsing: text, at: offset)
    let relation: Relation
    if target.hasPrefix(self.path) {
      let relative = TracePath(Array(target.components.dropFirst(self.path.components.count)))
      relation = relative.components.isEmpty ? .same : .inside(relative)
    } else if self.path.hasPrefix(target) {
      relation = .holder(TracePath(Array(self.path.components.dropFirst(target.components.count))))
    } else if let position = self.position(of: target) {
      relation = position
    } else {
      relation = .unrelated
    }
    if self.relations.count >= Self.rememberedPaths { self.relations.removeAll() }
    self.relations[text] = relation
    return relation
  }

  /// ``Relation/position(id:rest:)`` for a `target` that is a position (`todos[0]`) of an array
  /// the followed path steps into by id (`todos[id: 3].title`); `nil` for anything else.
  private func position(of target: TracePath) -> Relation? {
    let count = target.components.count
    guard count > 0, count <= self.path.components.count,
      case .index = target.components[count - 1],
      case let .id(id) = self.path.components[count - 1],
      target.components.prefix(count - 1).elementsEqual(self.path.components.prefix(count - 1))
    else { return nil }
    return .position(id: id, rest: TracePath(Array(self.path.components.dropFirst(count))))
  }
}
