/// The parts of a stored diff operation, as ``JSONScanner/readOperation(path:value:)`` reads them.
extension JSONScanner {
  /// The keys of a stored operation.
  enum OperationKey: String {
    case op, path, old, new, value

    /// The keys that hold values.
    static let valueKeys: [OperationKey] = [.old, .new, .value]

    /// The key whose name is the UTF-8 in `text`.
    init?(spelledBy text: UnsafeBufferPointer<UInt8>) {
      let key: Self? =
        switch text.count {
        case 2: text.hasSameBytes(as: "op") ? .op : nil
        case 3: text.hasSameBytes(as: "old") ? .old : text.hasSameBytes(as: "new") ? .new : nil
        case 4: text.hasSameBytes(as: "path") ? .path : nil
        case 5: text.hasSameBytes(as: "value") ? .value : nil
        default: nil
        }
      guard let key else { return nil }
      self = key
    }
  }

  /// Where each key of an operation was read, in one slot per key.
  struct OperationKeyOffsets {
    private var op, path, old, new, value: Int?

    subscript(key: OperationKey) -> Int? {
      get {
        switch key {
        case .op: self.op
        case .path: self.path
        case .old: self.old
        case .new: self.new
        case .value: self.value
        }
      }
      set {
        switch key {
        case .op: self.op = newValue
        case .path: self.path = newValue
        case .old: self.old = newValue
        case .new: self.new = newValue
        case .value: self.value = newValue
        }
      }
    }
  }

  enum OperationKind: String {
    case replace, insert, remove

    /// The kind whose name is the UTF-8 in `text`.
    init?(spelledBy text: UnsafeBufferPointer<UInt8>) {
      let kind: Self? =
        switch text.count {
        case 7: text.hasSameBytes(as: "replace") ? .replace : nil
        case 6:
          text.hasSameBytes(as: "insert")
            ? .insert : text.hasSameBytes(as: "remove") ? .remove : nil
        default: nil
        }
      guard let kind else { return nil }
      self = kind
    }

    /// Whether this kind of operation holds a value under `key`.
    func hasValue(_ key: OperationKey) -> Bool {
      switch (self, key) {
      case (.replace, .old), (.replace, .new), (.insert, .value), (.remove, .old): true
      default: false
      }
    }

    /// `a replace operation`, for messages.
    var phrase: String { self == .insert ? "an insert operation" : "a \(self) operation" }
  }
}
