extension StatePredicate {
  /// Reads a predicate: `counter.count > 10`, `items.destination exists`,
  /// `!(search.isLoading) && search.resultsFor == search.query`.
  ///
  /// ```swift
  /// let predicate = try StatePredicate(parsing: "todos[id: 3].isComplete == true")
  /// ```
  ///
  /// - Throws: ``PredicateParsingError`` naming what was expected, what was found and the byte
  ///   where it went wrong.
  public init(parsing text: String) throws {
    var parser = PredicateParser(text: text)
    self = try parser.predicate()
  }
}

/// A recursive-descent reader of the predicate language over the text's UTF-8 bytes, so every
/// error can name its byte.
struct PredicateParser {
  let text: String
  let bytes: [UInt8]
  var offset = 0

  init(text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  /// The whole text as one predicate.
  mutating func predicate() throws -> StatePredicate {
    let predicate = try self.or()
    self.skipSpaces()
    guard self.offset == self.bytes.count else {
      throw self.error(expected: "'&&', '||', ')' or the end of the predicate")
    }
    return predicate
  }

  private mutating func or() throws -> StatePredicate {
    var predicate = try self.and()
    while self.consume("||") { predicate = .or(predicate, try self.and()) }
    return predicate
  }

  private mutating func and() throws -> StatePredicate {
    var predicate = try self.unary()
    while self.consume("&&") { predicate = .and(predicate, try self.unary()) }
    return predicate
  }

  private mutating func unary() throws -> StatePredicate {
    self.skipSpaces()
    if self.peek == UInt8(ascii: "!"), self.peek(at: 1) != UInt8(ascii: "=") {
      self.offset += 1
      return .not(try self.unary())
    }
    if self.peek == UInt8(ascii: "(") {
      self.offset += 1
      let inner = try self.or()
      guard self.consume(")") else { throw self.error(expected: "')', '&&' or '||'") }
      return inner
    }
    return try self.comparison()
  }

  private mutating func comparison() throws -> StatePredicate {
    self.skipSpaces()
    let path = try self.path(
      expected: "a state path, '!' or '(' (a predicate reads PATH OP VALUE or PATH exists)")
    self.skipSpaces()
    if self.consumeWord("exists") { return .exists(path) }
    for comparison in [">=", "<=", "==", "!=", ">", "<"] where self.consume(comparison) {
      return .compare(path, StatePredicate.Comparison(rawValue: comparison)!, try self.operand())
    }
    throw self.error(expected: "an operator (== != < <= > >=) or 'exists' after \(path)")
  }

  private mutating func operand() throws -> StatePredicate.Operand {
    self.skipSpaces()
    guard let byte = self.peek else {
      throw self.error(expected: "a value (a JSON literal) or a state path")
    }
    let startsLiteral =
      byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "{") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    if startsLiteral || self.atWord("true") || self.atWord("false") || self.atWord("null") {
      return .value(try self.literal())
    }
    return .path(try self.path(expected: "a value (a JSON literal) or a state path"))
  }

  /// A state path: field names, `.`, and bracketed steps (`[id: 3]`, `["en-US"]`, `[2]`), up to
  /// a space, an operator or a parenthesis.
  private mutating func path(expected: String) throws -> TracePath {
    let start = self.offset
    while let byte = self.peek, !Self.endsPath(byte) {
      if byte == UInt8(ascii: "[") {
        try self.skipBracket()
      } else {
        self.offset += 1
      }
    }
    guard self.offset > start else { throw self.error(expected: expected) }
    let slice = String(decoding: self.bytes[start..<self.offset], as: UTF8.self)
    do {
      return try TracePath(parsing: slice)
    } catch let error as TracePathParsingError {
      throw PredicateParsingError(
        text: self.text, expected: error.expected, found: error.found,
        offset: start + error.offset)
    }
  }

  /// A JSON literal: a string, a number, `true`, `false`, `null`, an array or an object.
  private mutating func literal() throws -> TraceValue {
    let start = self.offset
    switch self.peek {
    case UInt8(ascii: "\""): try self.skipString()
    case UInt8(ascii: "["), UInt8(ascii: "{"): try self.skipBracket()
    default:
      while let byte = self.peek, !Self.endsPath(byte) { self.offset += 1 }
    }
    let slice = String(decoding: self.bytes[start..<self.offset], as: UTF8.self)
    do {
      return try TraceValue(jsonText: slice)
    } catch let error as TraceValueDecodingError {
      throw PredicateParsingError(
        text: self.text, expected: error.expected, found: error.found,
        offset: start + error.offset)
    }
  }

  /// Steps over `[…]` (or `{…}`), nested, with quoted strings inside.
  private mutating func skipBracket() throws {
    var closers: [UInt8] = []
    repeat {
      guard let byte = self.peek else {
        throw self.error(expected: "'\(Character(Unicode.Scalar(closers.last!)))'")
      }
      switch byte {
      case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
      case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        guard byte == closers.last else {
          throw self.error(expected: "'\(Character(Unicode.Scalar(closers.last!)))'")
        }
        closers.removeLast()
      case UInt8(ascii: "\""):
        try self.skipString()
        continue
      default: break
      }
      self.offset += 1
    } while !closers.isEmpty
  }

  /// Steps over a quoted string with its escapes.
  private mutating func skipString() throws {
    let start = self.offset
    self.offset += 1
    while let byte = self.peek {
      self.offset += 1
      if byte == UInt8(ascii: "\\") {
        self.offset += 1
      } else if byte == UInt8(ascii: "\"") {
        return
      }
    }
    self.offset = min(self.offset, self.bytes.count)
    throw PredicateParsingError(
      text: self.text, expected: "'\"' to close the string that starts at byte \(start)",
      found: "end of input", offset: self.bytes.count)
  }

  /// Bytes that end a path or a bare literal: spaces, operators, parentheses.
  private static func endsPath(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: "="),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"):
      true
    default: false
    }
  }

  private var peek: UInt8? { self.peek(at: 0) }

  private func peek(at distance: Int) -> UInt8? {
    self.offset + distance < self.bytes.count ? self.bytes[self.offset + distance] : nil
  }

  private mutating func skipSpaces() {
    while let byte = self.peek,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
    {
      self.offset += 1
    }
  }

  /// Skips spaces and `token`, if it is next.
  private mutating func consume(_ token: String) -> Bool {
    self.skipSpaces()
    let token = Array(token.utf8)
    guard self.bytes.count - self.offset >= token.count,
      self.bytes[self.offset..<self.offset + token.count].elementsEqual(token)
    else { return false }
    self.offset += token.count
    return true
  }

  /// Whether `word` is next, as a whole word.
  private func atWord(_ word: String) -> Bool {
    let word = Array(word.utf8)
    guard self.bytes.count - self.offset >= word.count,
      self.bytes[self.offset..<self.offset + word.count].elementsEqual(word)
    else { return false }
    guard let after = self.peek(at: word.count) else { return true }
    return Self.endsPath(after)
  }

  private mutating func consumeWord(_ word: String) -> Bool {
    guard self.atWord(word) else { return false }
    self.offset += word.utf8.count
    return true
  }

  /// An error at the current byte: what was expected, and the character (or the end) found.
  private func error(expected: String) -> PredicateParsingError {
    let found: String
    if self.offset >= self.bytes.count {
      found = "end of input"
    } else {
      let rest = String(decoding: self.bytes[self.offset...], as: UTF8.self)
      found = "'\(rest.first.map(String.init) ?? "")'"
    }
    return PredicateParsingError(
      text: self.text, expected: expected, found: found, offset: self.offset)
  }
}
