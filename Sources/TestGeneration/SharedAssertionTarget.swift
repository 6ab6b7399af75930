import StateReflection
import SwiftSyntax
import Trace

/// Where a generated test reaches a shared value it asserts, written as TCA's tests reach it:
/// through fields (`$0.profile.$temperatureUnit`), stack elements and identified elements by id
/// (`$0.path[id: 0]?`), and enum cases with `modify` (`$0.path[id: 0]?.modify(\.detail) { … }`),
/// or, when what is asserted throws (a value decoded from JSON), which `modify` cannot take, by
/// the case's property (`try $0.path[id: 0]?.detail?.$syncUp.withLock { … }`): a `Shared` is a
/// reference, so a copy of the case's state reaches the same storage.
///
/// ```swift
/// $0.path[id: 0]?.modify(\.detail) {
///   $0.$syncUp.withLock { $0 = SyncUp(…) }
/// }
/// ```
///
/// The path is the one the differ writes (`path.#0.detail.syncUp`); the live state says what
/// each step is (a stack, an enum case, a field), since the path alone does not.
struct SharedAssertionTarget {
  let printer: SwiftValuePrinter

  /// Whether `body` throws.
  let throwing: Bool

  /// The statement that does `body` to the `Shared` at `path` in `state` (`body` gets the
  /// projection, `$0.$syncUp`); `nil` when a step cannot be written.
  func statement(
    at path: TracePath, in state: Any, _ body: (ExprSyntax) -> ExprSyntax
  ) -> ExprSyntax? {
    self.statement(path.components[...], in: state, base: SwiftExpression.name("$0"), body)
  }

  private func statement(
    _ path: ArraySlice<TracePath.Component>, in value: Any, base: ExprSyntax,
    _ body: (ExprSyntax) -> ExprSyntax
  ) -> ExprSyntax? {
    guard let step = path.first else { return nil }
    let rest = path.dropFirst()
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return nil }
      return self.statement(path, in: wrapped, base: SwiftExpression.optionalChained(base), body)
    }
    if let stack = value as? any StackElements {
      guard case let .field(text) = step,
        let id = stack.stackIDs.first(where: { $0.description == text }),
        let element = stack.element(stackID: id)
      else { return nil }
      let subscripted = SwiftExpression.subscripted(
        base, [("id", SwiftExpression.integer(id.generation))])
      return self.statement(
        rest, in: element, base: SwiftExpression.optionalChained(subscripted), body)
    }
    if let elements = value as? any IdentifiedElements {
      guard case let .id(text) = step,
        let id = elements.idValues.first(where: { Reflection.keyText($0.base) == text }),
        let element = elements.element(id: id),
        let printedID = self.printer.expression(for: id.base)
      else { return nil }
      let subscripted = SwiftExpression.subscripted(base, [("id", printedID)])
      return self.statement(
        rest, in: element, base: SwiftExpression.optionalChained(subscripted), body)
    }
    guard case let .field(name) = step, SwiftExpression.isIdentifier(name) else { return nil }
    switch mirror.displayStyle {
    case .enum:
      // NB: A case with one unlabeled value, as a stack's or a destination's; `modify` hands the
      // closure that value.
      let payload = StructuralDiff.payloadChildren(mirror)
      guard Reflection.caseName(of: value, mirror) == name, payload.count == 1,
        payload[0].0 == nil
      else { return nil }
      if self.throwing {
        let reached = SwiftExpression.optionalChained(SwiftExpression.member(base, name))
        return self.statement(rest, in: payload[0].1, base: reached, body)
      }
      guard
        let inner = self.statement(
          rest, in: payload[0].1, base: SwiftExpression.name("$0"), body),
        let closure = SwiftExpression.closure([inner])
      else { return nil }
      return SwiftExpression.call(
        SwiftExpression.member(base, "modify"),
        [(nil, SwiftExpression.keyPath([.property(name)]))], trailingClosure: closure)
    case .struct:
      guard
        let child = mirror.children.first(where: {
          guard let label = $0.label else { return false }
          return label == name || label == "_" + name
        })
      else { return nil }
      if rest.isEmpty { return body(SwiftExpression.member(base, "$" + name)) }
      var childValue = child.value
      if child.label == "_" + name, let wrapper = childValue as? any WrappedValueReading {
        childValue = wrapper.wrappedValueForTest
      }
      return self.statement(rest, in: childValue, base: SwiftExpression.member(base, name), body)
    default:
      return nil
    }
  }
}
