import StateReflection
import SwiftSyntax

/// Writes how an action changed the state as the assignments a person puts in a `TestStore`
/// assertion closure, at the paths that changed:
///
/// ```swift
/// $0.counter.count = 1
/// $0.todos.todos[id: UUID(0)]?.isComplete = true
/// $0.todos.todos.insert(Todo.State(id: UUID(2), description: "", isComplete: false), at: 0)
/// $0.items.destination = .editor(ItemEditor.State(draft: Item(id: 1, name: "Tent", notes: "")))
/// ```
///
/// Structs are followed field by field, identified elements by id (`[id: …]?`), stack elements by
/// id, optionals through `?` while both sides hold a value; an enum that changed is assigned
/// whole. Insertions into and removals from identified arrays are `insert(_:at:)`/`append(_:)`
/// and `remove(id:)`; a reordered collection is assigned whole. A change that cannot be written
/// is assigned whole, decoded from JSON, at the nearest enclosing `Codable` value.
struct StateChangeWriter {
  let printer: SwiftValuePrinter
  private let differ = StructuralDiff(redactedPaths: [])

  init(printer: SwiftValuePrinter) {
    self.printer = printer
  }

  /// The statements that turn `old` into `new`, with `$0` the state; empty when equal.
  func statements(from old: Any, to new: Any) -> [ExprSyntax] {
    let root = SwiftExpression.name("$0")
    if let statements = self.changes(old, new, whole: root, chained: root) { return statements }
    // NB: Only a state neither written nor `Codable` gets here; the test then says so.
    return []
  }

  /// Whether `old` and `new` are equal: by `==` where their type has it, else as reflected.
  func isEqual(_ old: Any, _ new: Any) -> Bool {
    if let equal = self.differ.equality(old, new) { return equal }
    return Reflection.value(of: old) == Reflection.value(of: new)
  }

  /// `whole` names the value (to assign it); `chained` reaches into it (`x?` for an optional).
  private func changes(
    _ old: Any, _ new: Any, whole: ExprSyntax, chained: ExprSyntax
  ) -> [ExprSyntax]? {
    if self.isEqual(old, new) { return [] }
    if let statements = self.inside(old, new, whole: whole, chained: chained) {
      return statements
    }
    guard let value = self.printer.expression(for: new) else { return nil }
    return [SwiftExpression.assignment(whole, value)]
  }

  /// The changes written inside the value, or `nil` to assign it whole.
  private func inside(
    _ old: Any, _ new: Any, whole: ExprSyntax, chained: ExprSyntax
  ) -> [ExprSyntax]? {
    if SwiftValuePrinter.isScalar(new) { return nil }
    if let old = old as? any IdentifiedElements, let new = new as? any IdentifiedElements {
      return self.identified(old, new, whole: whole)
    }
    if let old = old as? any StackElements, let new = new as? any StackElements {
      return self.stack(old, new, whole: whole)
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    switch newMirror.displayStyle {
    case .optional:
      guard let oldWrapped = oldMirror.children.first?.value,
        let newWrapped = newMirror.children.first?.value,
        Mirror(reflecting: newWrapped).displayStyle == .struct
      else { return nil }
      let reached = SwiftExpression.optionalChained(chained)
      return self.changes(oldWrapped, newWrapped, whole: reached, chained: reached)
    case .collection:
      return self.array(
        oldMirror.children.map(\.value), newMirror.children.map(\.value), whole: whole)
    case .struct:
      return self.fields(oldMirror, newMirror, chained: chained)
    default:
      return nil
    }
  }

  private func fields(_ old: Mirror, _ new: Mirror, chained: ExprSyntax) -> [ExprSyntax]? {
    let oldChildren = Array(old.children)
    let newChildren = Array(new.children)
    guard oldChildren.count == newChildren.count else { return nil }
    var statements: [ExprSyntax] = []
    for (oldChild, newChild) in zip(oldChildren, newChildren) {
      guard var label = newChild.label, oldChild.label == label else { return nil }
      var oldValue = oldChild.value
      var newValue = newChild.value
      if label.hasPrefix("_"), TrackedStorage.isStorage(label, of: new.subjectType) {
        // `@ObservableState`'s storage: `count` lives in `_count`.
        label.removeFirst()
      } else if label.hasPrefix("_") {
        if self.isEqual(oldValue, newValue) { continue }
        // Property-wrapper storage: `@Presents var destination` is assigned as `destination`.
        guard let oldWrapper = oldValue as? any WrappedValueReading,
          let newWrapper = newValue as? any WrappedValueReading
        else { return nil }
        label.removeFirst()
        oldValue = oldWrapper.wrappedValueForTest
        newValue = newWrapper.wrappedValueForTest
      }
      let field = SwiftExpression.member(chained, label)
      guard let changes = self.changes(oldValue, newValue, whole: field, chained: field)
      else {
        // NB: A field that cannot be written is decoded whole, if it can be.
        guard let decoded = self.printer.decoded(newValue) else { return nil }
        statements.append(SwiftExpression.assignment(field, decoded))
        continue
      }
      statements += changes
    }
    return statements
  }

  private func identified(
    _ old: any IdentifiedElements, _ new: any IdentifiedElements, whole: ExprSyntax
  ) -> [ExprSyntax]? {
    let oldIDs = old.idValues
    let newIDs = new.idValues
    let oldSet = Set(oldIDs)
    let newSet = Set(newIDs)
    // NB: Kept elements in another order: a sort, written as the whole collection.
    guard oldIDs.filter(newSet.contains) == newIDs.filter(oldSet.contains) else { return nil }
    var statements: [ExprSyntax] = []
    for id in oldIDs where !newSet.contains(id) {
      guard let idExpression = self.printer.expression(for: id.base) else { return nil }
      statements.append(
        SwiftExpression.call(SwiftExpression.member(whole, "remove"), [("id", idExpression)]))
    }
    var count = oldIDs.count - (oldSet.subtracting(newSet)).count
    for (position, id) in newIDs.enumerated() {
      guard let element = new.element(id: id) else { return nil }
      guard let idExpression = self.printer.expression(for: id.base) else { return nil }
      if !oldSet.contains(id) {
        guard let value = self.printer.expression(for: element) else { return nil }
        if position == count {
          statements.append(
            SwiftExpression.call(SwiftExpression.member(whole, "append"), [(nil, value)]))
        } else {
          statements.append(
            SwiftExpression.call(
              SwiftExpression.member(whole, "insert"),
              [(nil, value), ("at", SwiftExpression.integer(position))]))
        }
        count += 1
        continue
      }
      guard let oldElement = old.element(id: id) else { return nil }
      let subscripted = SwiftExpression.subscripted(whole, [("id", idExpression)])
      guard
        let changes = self.changes(
          oldElement, element, whole: subscripted,
          chained: SwiftExpression.optionalChained(subscripted))
      else { return nil }
      statements += changes
    }
    return statements
  }

  private func stack(
    _ old: any StackElements, _ new: any StackElements, whole: ExprSyntax
  ) -> [ExprSyntax]? {
    let newIDs = Set(new.stackIDs)
    var statements: [ExprSyntax] = []
    let removed = old.stackIDs.filter { !newIDs.contains($0) }
    if let first = removed.first, Array(old.stackIDs.suffix(removed.count)) == removed {
      statements.append(
        SwiftExpression.call(
          SwiftExpression.member(whole, "pop"),
          [("from", SwiftExpression.integer(first.generation))]))
    } else {
      for id in removed {
        statements.append(
          SwiftExpression.assignment(
            SwiftExpression.subscripted(whole, [("id", SwiftExpression.integer(id.generation))]),
            ExprSyntax(NilLiteralExprSyntax())))
      }
    }
    for id in new.stackIDs {
      guard let element = new.element(stackID: id) else { return nil }
      let subscripted = SwiftExpression.subscripted(
        whole, [("id", SwiftExpression.integer(id.generation))])
      if let oldElement = old.element(stackID: id) {
        guard
          let changes = self.changes(
            oldElement, element, whole: subscripted,
            chained: SwiftExpression.optionalChained(subscripted))
        else { return nil }
        statements += changes
      } else {
        // NB: Setting a new id pushes, as `StackState`'s subscript does in TCA's tests.
        guard let value = self.printer.expression(for: element) else { return nil }
        statements.append(SwiftExpression.assignment(subscripted, value))
      }
    }
    return statements
  }

  private func array(_ old: [Any], _ new: [Any], whole: ExprSyntax) -> [ExprSyntax]? {
    if old.count == new.count {
      var statements: [ExprSyntax] = []
      for (index, (oldElement, newElement)) in zip(old, new).enumerated() {
        let subscripted = SwiftExpression.subscripted(
          whole, [(nil, SwiftExpression.integer(index))])
        guard
          let changes = self.changes(
            oldElement, newElement, whole: subscripted, chained: subscripted)
        else { return nil }
        statements += changes
      }
      return statements
    }
    // Appended to: `append(_:)` for each new element; anything else is written whole.
    guard new.count > old.count,
      zip(old, new).allSatisfy({ self.isEqual($0, $1) })
    else { return nil }
    var statements: [ExprSyntax] = []
    for element in new.dropFirst(old.count) {
      guard let value = self.printer.expression(for: element) else { return nil }
      statements.append(
        SwiftExpression.call(SwiftExpression.member(whole, "append"), [(nil, value)]))
    }
    return statements
  }
}
