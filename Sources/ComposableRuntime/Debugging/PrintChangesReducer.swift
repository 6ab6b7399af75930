import Foundation

extension Reducer {
  /// Prints every action this reducer receives and the state change it made, for debugging.
  ///
  /// ```swift
  /// let store = Store(initialState: Feature.State()) {
  ///   Feature()
  ///     ._printChanges()
  /// }
  /// ```
  ///
  /// The default printer is ``_ReducerPrinter/customDump``; `.actionLabels` prints one line per
  /// action, and `nil` turns printing off. The reducer copies the state before and after each
  /// action and hands both to the printer's queue, so the dump and diff never run on the store's
  /// thread. In release builds it does nothing at all.
  @warn_unqualified_access
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// Made by ``Reducer/_printChanges(_:)``.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let printer: _ReducerPrinter<Base.State, Base.Action>?

  @usableFromInline
  init(base: Base, printer: _ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base
    self.printer = printer
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      guard let printer = self.printer else {
        return self.base._reduce(into: &state, action: action)
      }
      let oldState = state
      let effects = self.base._reduce(into: &state, action: action)
      // NB: State and actions need not be `Sendable`, as in TCA; only the printer reads them, on
      // its serial queue, after the reducer has moved on.
      let change = UncheckedSendable((action, oldState, state))
      printer.queue.async {
        let (action, oldState, newState) = change.value
        printer.printChange(receivedAction: action, oldState: oldState, newState: newState)
      }
      return effects
    #else
      return self.base._reduce(into: &state, action: action)
    #endif
  }
}
