extension Int64 {
  /// Calls `body` with the decimal digits of the number, after a `-` when it is negative: for
  /// writers that append bytes (JSON, the commands' output).
  ///
  /// NB: The digits are laid out from the end of a buffer on the stack, so nothing is reversed
  /// or allocated.
  package func withDecimalDigits<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var start = buffer.count
      var magnitude = self.magnitude
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if self < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      return body(UnsafeBufferPointer(rebasing: buffer[start...]))
    }
  }
}
