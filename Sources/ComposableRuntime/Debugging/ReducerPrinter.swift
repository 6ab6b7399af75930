import Foundation

/// How ``Reducer/_printChanges(_:)`` prints each action and the state change it made.
///
/// ```swift
/// Feature()
///   ._printChanges(.actionLabels)
///
/// Feature()
///   ._printChanges(
///     _ReducerPrinter { action, oldState, newState in
///       logger.debug("\(action): \(oldState.count) → \(newState.count)")
///     }
///   )
/// ```
///
/// Printing runs on `queue`, never on the store's thread: the reducer only copies the state
/// before and after the action and hands them over.
public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  @usableFromInline let queue: DispatchQueue

  /// A printer that calls `printChange` for every action, on `queue` (a private serial queue by
  /// default).
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void,
    queue: DispatchQueue? = nil
  ) {
    self._printChange = printChange
    self.queue = queue ?? _ReducerPrinterQueue.shared
  }

  /// Prints one action and the states before and after it.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    self._printChange(receivedAction, oldState, newState)
  }
}

extension _ReducerPrinter {
  /// Prints the action and the state's diff, as TCA does:
  ///
  /// ```
  /// received action:
  ///   Counter.Action.incrementButtonTapped
  ///   Counter.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// or `  (No state changes)` under the action when the state did not change.
  public static var customDump: Self {
    Self { receivedAction, oldState, newState in
      print(customDumpOutput(receivedAction, oldState, newState), terminator: "")
    }
  }

  /// Prints one line per action, its case path without payloads:
  /// `received action: Feature.Action.alert(.presented(.confirmSave))`.
  public static var actionLabels: Self {
    Self { receivedAction, _, _ in
      print(actionLabelOutput(receivedAction))
    }
  }
}

/// The text ``_ReducerPrinter/customDump`` prints for one action.
func customDumpOutput<State, Action>(
  _ receivedAction: Action, _ oldState: State, _ newState: State
) -> String {
  var output = "received action:\n"
  CustomDump.customDump(receivedAction, to: &output, indent: 2)
  output.write("\n")
  // NB: Equal states skip the diff, which would dump both states only to find nothing.
  let difference = isEqual(oldState, newState) ? nil : CustomDump.diff(oldState, newState)
  output.write(difference.map { "\($0)\n" } ?? "  (No state changes)\n")
  return output
}

/// Whether `lhs == rhs`, for a state that is `Equatable`; `false` when it is not.
private func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  func open<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
  guard let lhs = lhs as? any Equatable else { return false }
  return open(lhs)
}

/// The line ``_ReducerPrinter/actionLabels`` prints for one action.
func actionLabelOutput(_ receivedAction: Any) -> String {
  "received action: \(caseLabel(receivedAction))"
}

/// An action's type and its case path without payload values, as TCA's debug output names it:
/// `Feature.Action.todos(.element(id:, action: .toggled))`.
func caseLabel(_ value: Any) -> String {
  func cases(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let child = mirror.children.first else {
        let text = "\(value)"
        return text == "\(type(of: value))" ? "" : ".\(text)"
      }
      let inner = cases(child.value)
      return ".\(child.label ?? "")\(inner.isEmpty ? "" : "(\(inner))")"
    case .tuple:
      return mirror.children.map { label, value in
        let inner = cases(value)
        let name = label.map { $0.hasPrefix(".") ? "_:" : "\($0):" } ?? ""
        return name + (inner.isEmpty ? "" : " \(inner)")
      }
      .joined(separator: ", ")
    default:
      return ""
    }
  }
  return typeLabel(type(of: value)) + cases(value)
}

/// A type's name without its module: `Feature.Action`.
private func typeLabel(_ type: Any.Type) -> String {
  let name = String(reflecting: type)
  guard let dot = name.firstIndex(of: ".") else { return name }
  return String(name[name.index(after: dot)...])
}

/// The serial queue printers run on unless given another.
enum _ReducerPrinterQueue {
  static let shared = DispatchQueue(label: "tca-replay.ComposableRuntime.printer")
}
