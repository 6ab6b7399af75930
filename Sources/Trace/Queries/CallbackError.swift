/// An error thrown by a caller's closure while a query steps through rows, carried out of
/// ``TraceReader``'s read unchanged: a report that cannot be written says so, instead of being
/// taken for a damaged trace.
struct CallbackError: Error {
  var underlying: any Error
}

extension TraceReader {
  /// Runs a caller's closure inside a read, wrapping what it throws in ``CallbackError``.
  static func callBack(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch {
      throw CallbackError(underlying: error)
    }
  }

}
