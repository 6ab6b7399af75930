/// Where in the app's source an action was sent: the `#fileID` and `#line` of a `store.send`, an
/// effect's `send` or a `TestStore.send`.
///
/// Captured as default arguments, so no caller writes it; observers receive it with each action
/// (see ``StoreObserver/storeDidReceive(_:id:origin:site:)``).
///
/// ```swift
/// store.send(.incrementButtonTapped)  // site: "CounterView.swift:28" (module-qualified fileID)
/// ```
///
/// NB: Two words of static data and a line number, so that capturing it costs the store's thread
/// nothing; an observer that needs text builds it off that thread.
public struct SendLocation: Sendable, CustomStringConvertible {
  /// The `#fileID` of the call: `Module/File.swift`.
  public let fileID: StaticString
  /// The `#line` of the call.
  public let line: UInt

  /// A location in the app's source.
  @inlinable
  public init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  public var description: String { "\(self.fileID):\(self.line)" }
}
