import ComposableRuntime
import SwiftSyntax

extension SwiftValuePrinter {
  /// A `BindingAction` as a person writes it, `.set(\.name, "Blob")`, or `nil` when `value` is
  /// none or sets a field that is not a tracked property of an `@ObservableState` state.
  func binding(_ value: Any) -> ExprSyntax? {
    guard let binding = value as? any BindingReading, let field = binding.fieldReading,
      let written = self.expression(for: binding.valueReading)
    else { return nil }
    return SwiftExpression.call(
      SwiftExpression.member(nil, "set"),
      [(nil, SwiftExpression.keyPath([.property(field)])), (nil, written)])
  }
}

/// A `BindingAction`, read without knowing its state type.
protocol BindingReading {
  /// The tracked property it sets, by name; `nil` for another key path.
  var fieldReading: String? { get }
  /// The value it sets.
  var valueReading: Any { get }
}

extension BindingAction: BindingReading {
  var fieldReading: String? {
    (Root.self as? any TrackedPropertyNaming.Type)?._$trackedPropertyName(of: self.keyPath)
  }

  // NB: The value is the runtime's own; its mirror (`name: "Blob"`) is how it shows it.
  var valueReading: Any { Mirror(reflecting: self).children.first?.value as Any }
}
