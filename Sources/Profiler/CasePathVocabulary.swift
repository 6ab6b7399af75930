/// TCA's words in an action's case path, as the advice reads them: the action groups a feature's
/// actions are sorted into (`view`, `internal`, `delegate`, `binding`) and the components that
/// address a child whose state may be gone (`presented`, `element`).
///
/// ```swift
/// CasePathVocabulary.feature(ofAction: "counter.view.incrementButtonTapped")  // "counter"
/// CasePathVocabulary.isDelegate("editor.delegate.saved")                      // true
/// CasePathVocabulary.addressesChild("list.rows.element.row.tapped")           // true
/// ```
public enum CasePathVocabulary {
  /// The component of an action's case path that names a child's actions to its parent; an
  /// action sent with `.send` that is one of these is the child talking to its parent, not a
  /// reducer sharing logic.
  public static let delegateComponent = "delegate"

  /// Components of a case path that follow the feature's own path (TCA's view / internal /
  /// delegate / binding action groups).
  public static let actionGroupComponents: Set<String> = [
    "view", "internal", "delegate", "binding",
  ]

  /// Components of a case path that address a child whose state may be gone (`ifLet` over
  /// `@Presents`, `forEach`).
  public static let childComponents: Set<String> = ["presented", "element"]

  /// The feature an action belongs to: its case path before TCA's action group (`view`,
  /// `internal`, `delegate`, `binding`), or without its last component.
  ///
  /// `counter.view.incrementButtonTapped` → `counter`;
  /// `items.destination.presented.editor.view.saveButtonTapped` → `items.destination.presented.editor`.
  public static func feature(ofAction name: String) -> String {
    let components = name.split(separator: ".", omittingEmptySubsequences: false)
    if let group = components.firstIndex(where: { actionGroupComponents.contains(String($0)) }) {
      return components[..<group].joined(separator: ".")
    }
    return components.dropLast().joined(separator: ".")
  }

  /// Whether a case path addresses a child through `presented` or `element`.
  public static func addressesChild(_ name: String) -> Bool {
    name.split(separator: ".").contains { childComponents.contains(String($0)) }
  }

  /// Whether a case path is a child's delegate action.
  public static func isDelegate(_ name: String) -> Bool {
    name.split(separator: ".").contains { $0 == delegateComponent }
  }
}
