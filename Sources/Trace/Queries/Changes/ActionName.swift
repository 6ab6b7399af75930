/// The name of the action being read, as a `String` made only when its bytes differ from the
/// last one's.
///
/// NB: Runs of actions share a name; a name longer than 15 bytes costs an allocation each time
/// it is made.
struct ActionName {
  private var bytes: [UInt8] = []
  private var string = ""

  mutating func text(of name: UnsafeBufferPointer<UInt8>) -> String {
    if !self.bytes.withUnsafeBufferPointer({ name.hasSameBytes(as: $0) }) {
      self.bytes = Array(name)
      self.string = String(decoding: name, as: UTF8.self)
    }
    return self.string
  }
}
