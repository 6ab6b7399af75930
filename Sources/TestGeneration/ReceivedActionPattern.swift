import ComposableRuntime
import StateReflection
import SwiftSyntax

/// How a generated test receives an action an effect sent: by its case key path, and with its
/// payload when the payload can be written and compared.
///
/// ```swift
/// await store.receive(\.counter.internal.timerTicked)
/// await store.receive(\.counter.internal.factResponse.success, "3 is an odd number.")
/// await store.receive(\.todos.todos[id: UUID(0)].checkBoxToggled)
/// ```
///
/// The path follows the action's nested enums while their payload is itself an action enum
/// (`CasePathable`), through `[id: …]` for an element of a `forEach` or a stack; the payload
/// left is the value.
struct ReceivedActionPattern {
  var keyPath: [SwiftExpression.KeyPathPart] = []
  /// The payload to compare, when there is one, it is `Equatable` and it can be written.
  var value: ExprSyntax?

  init?(_ action: Any, printer: SwiftValuePrinter) {
    var current = action
    while true {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum else { return nil }
      self.keyPath.append(.property(Reflection.caseName(of: current, mirror)))
      guard let payload = mirror.children.first?.value else { return }
      if let element = (payload as? any ElementAction)?.element {
        guard let id = printer.expression(for: element.id) else { return nil }
        self.keyPath.append(.subscripted(label: "id", id))
        current = element.action
        continue
      }
      let payloadMirror = Mirror(reflecting: payload)
      if payloadMirror.displayStyle == .enum, payload is any CasePathable {
        current = payload
        continue
      }
      // NB: A failure of `any Error` is not compared, even when the error itself is `Equatable`:
      // `receive(\.response.failure, .timedOut)` has no type to compare at.
      if let result = current as? any ReceivedResult, result.isFailure,
        type(of: payload) != result.failureType
      {
        return
      }
      if payload is any Equatable, payloadMirror.displayStyle != .tuple {
        self.value = printer.expression(for: payload)
      }
      return
    }
  }
}

/// A `Result`, read without knowing its type: whether its failure's type is the one it declares
/// (`Result<Int, FactError>`) or an existential (`Result<Int, any Error>`).
protocol ReceivedResult {
  var isFailure: Bool { get }
  var failureType: Any.Type { get }
}

extension Result: ReceivedResult {
  var isFailure: Bool {
    guard case .failure = self else { return false }
    return true
  }

  var failureType: Any.Type { Failure.self }
}

/// An `IdentifiedAction` or `StackAction` in its `element` case, read without knowing its type.
protocol ElementAction {
  /// The element's id and action, or `nil` in another case.
  var element: (id: Any, action: Any)? { get }
}

extension IdentifiedAction: ElementAction {
  var element: (id: Any, action: Any)? {
    switch self {
    case let .element(id, action): (id, action)
    }
  }
}

extension StackAction: ElementAction {
  var element: (id: Any, action: Any)? {
    guard case let .element(id, action) = self else { return nil }
    return (id, action)
  }
}
