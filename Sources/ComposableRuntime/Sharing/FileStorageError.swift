import Foundation

/// Why a `.fileStorage` key could not read or write its file.
///
/// ```swift
/// if let error = state.$items.loadError as? FileStorageError { print(error) }
/// ```
public enum FileStorageError: Error, CustomStringConvertible {
  /// The file is there but does not decode; it is kept, and moved aside before the first write.
  case undecodable(url: URL, valueType: Any.Type, underlying: any Error)
  /// The file could not be written; the value is kept in memory.
  case unwritable(url: URL, underlying: any Error)
  /// The unreadable file could not be moved aside, so it was not overwritten.
  case notMovedAside(url: URL, underlying: any Error)

  /// Says what was expected and what was found.
  public var description: String {
    switch self {
    case .undecodable(let url, let valueType, let underlying):
      """
      \(url.path) does not hold \(valueType) as JSON (\(underlying)); the default value is used. \
      The file is kept: before the first save it is moved to \
      \(url.lastPathComponent).unreadable beside it.
      """
    case .unwritable(let url, let underlying):
      "\(url.path) could not be written (\(underlying)); the value is kept in memory."
    case .notMovedAside(let url, let underlying):
      """
      \(url.path) does not decode and could not be moved aside (\(underlying)), so it was not \
      overwritten; the value is kept in memory.
      """
    }
  }
}
