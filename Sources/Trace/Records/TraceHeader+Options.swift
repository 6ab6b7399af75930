extension TraceHeader {
  /// The recorder's options, as the header stores them (JSON in `header.options`, with these field
  /// names in this order).
  ///
  /// ```swift
  /// let denied = try TraceReader(path: "session.sqlite").header.options.deniedActions
  /// ```
  public struct Options: Hashable, Sendable {
    /// A full state was stored every this many recorded actions.
    public var keyframeInterval: Int
    /// Case paths of the actions left out (counted, not stored), sorted.
    public var deniedActions: [String]
    /// State paths whose values were replaced by the redaction marker, sorted.
    public var redactedStatePaths: [String]
    /// Action paths whose payloads were replaced by the redaction marker, sorted.
    public var redactedActionPaths: [String]
    /// The most memory the recorder's queue could hold, in bytes.
    public var memoryLimit: Int
    /// What the recorder did when its queue reached `memoryLimit`; `nil` in a trace recorded
    /// before the choice existed, whose recorder dropped and counted.
    public var whenFull: WhenFull?

    public init(
      keyframeInterval: Int = 500, deniedActions: [String] = [], redactedStatePaths: [String] = [],
      redactedActionPaths: [String] = [], memoryLimit: Int = 64 << 20, whenFull: WhenFull? = nil
    ) {
      self.keyframeInterval = keyframeInterval
      self.deniedActions = deniedActions
      self.redactedStatePaths = redactedStatePaths
      self.redactedActionPaths = redactedActionPaths
      self.memoryLimit = memoryLimit
      self.whenFull = whenFull
    }

    /// What a recorder does when the queue of events it has not written reaches its memory
    /// limit. Stored by these spellings.
    public enum WhenFull: String, CaseIterable, Hashable, Sendable {
      /// The store's thread waits for the recorder to make room: nothing is lost, and the app
      /// runs no faster than the recorder writes while the queue is full.
      case wait
      /// Events past the limit are not captured; they are counted (`tca-replay info`), and the
      /// trace cannot be replayed.
      case dropAndCount
    }

    /// The options as the header stores them, and as `tca-replay info` shows them: an object with
    /// one field per option, in declaration order.
    ///
    /// ```swift
    /// print(trace.header.options.traceValue.jsonText)
    /// // {"keyframeInterval":500,"deniedActions":[],…,"memoryLimit":67108864,"whenFull":"wait"}
    /// ```
    public var traceValue: TraceValue {
      .object([
        .init("keyframeInterval", .int(Int64(self.keyframeInterval))),
        .init("deniedActions", .array(self.deniedActions.map(TraceValue.string))),
        .init("redactedStatePaths", .array(self.redactedStatePaths.map(TraceValue.string))),
        .init("redactedActionPaths", .array(self.redactedActionPaths.map(TraceValue.string))),
        .init("memoryLimit", .int(Int64(self.memoryLimit))),
      ] + (self.whenFull.map { [.init("whenFull", .string($0.rawValue))] } ?? []))
    }

    /// Reads the stored options; a field that is missing keeps its default, one of the wrong
    /// type is an error.
    init(traceValue value: TraceValue) throws(OptionsDecodingError) {
      guard case .object = value else { throw OptionsDecodingError(field: nil) }
      self.init()
      func integer(_ name: String) throws(OptionsDecodingError) -> Int? {
        guard let field = value[field: name] else { return nil }
        guard case let .int(number) = field, let result = Int(exactly: number) else {
          throw OptionsDecodingError(field: name)
        }
        return result
      }
      func strings(_ name: String) throws(OptionsDecodingError) -> [String]? {
        guard let field = value[field: name] else { return nil }
        guard case let .array(elements) = field else { throw OptionsDecodingError(field: name) }
        var result: [String] = []
        for element in elements {
          guard case let .string(text) = element else { throw OptionsDecodingError(field: name) }
          result.append(text)
        }
        return result
      }
      if let interval = try integer("keyframeInterval") { self.keyframeInterval = interval }
      if let denied = try strings("deniedActions") { self.deniedActions = denied }
      if let paths = try strings("redactedStatePaths") { self.redactedStatePaths = paths }
      if let paths = try strings("redactedActionPaths") { self.redactedActionPaths = paths }
      if let limit = try integer("memoryLimit") { self.memoryLimit = limit }
      if let field = value[field: "whenFull"] {
        guard case let .string(text) = field, let policy = WhenFull(rawValue: text) else {
          throw OptionsDecodingError(field: "whenFull")
        }
        self.whenFull = policy
      }
    }
  }

  /// A stored options field of the wrong type (`nil`: the options are not an object).
  struct OptionsDecodingError: Error {
    let field: String?
  }
}
