extension Reducer {
  /// Runs an element reducer on each element of an `IdentifiedArray`, for the actions sent to it.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.todos, action: \.todos) {
  ///     Todo()
  ///   }
  /// ```
  ///
  /// The element runs before the parent. When the parent removes an element, the element's effects
  /// are cancelled, reported as dismissed. An action for an id that is not in the array is
  /// reported as an issue.
  @inlinable
  @warn_unqualified_access
  public func forEach<
    ElementState, ElementAction, ID: Hashable, Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> {
    _ForEachReducer(
      parent: self, element: element(), toElementsState: toElementsState,
      toElementAction: AnyCasePath(toElementAction),
      location: (fileID, filePath, line, column)
    )
  }
}

/// Made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElementsState:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: (StaticString, StaticString, UInt, UInt)

  @usableFromInline
  init(
    parent: Parent, element: Element,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: (StaticString, StaticString, UInt, UInt)
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = toElementsState
    self.toElementAction = toElementAction
    self.location = location
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    @Dependency(\.navigationIDPath) var parentPath
    let elementEffects = self.reduceElement(into: &state, action: action, parentPath: parentPath)
    let idsBefore = StateReads.ignoring { state[keyPath: self.toElementsState].ids }
    let parentEffects = self.parent._reduce(into: &state, action: action)
    let idsAfter = StateReads.ignoring { state[keyPath: self.toElementsState].ids }
    var cancelEffects = Effect<Parent.Action>.none
    if idsBefore != idsAfter {
      cancelEffects = .merge(
        idsBefore.subtracting(idsAfter).map { .dismissal(of: self.path(of: $0, parentPath)) })
    }
    return .merge(elementEffects, parentEffects, cancelEffects)
  }

  func path(of id: ID, _ parentPath: NavigationIDPath) -> NavigationIDPath {
    parentPath.appending(
      ElementNavigationID(keyPath: self.toElementsState, id: ElementID(base: id)))
  }

  func reduceElement(
    into state: inout Parent.State, action: Parent.Action, parentPath: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction) = self.toElementAction.extract(from: action)
    else { return .none }
    guard StateReads.ignoring({ state[keyPath: self.toElementsState][id: id] != nil }) else {
      let (fileID, filePath, line, column) = self.location
      reportMissingChild(
        action, reducer: "forEach", expected: "no element with id \(id) was in the collection",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return .none
    }
    let toElementAction = self.toElementAction
    let elementID = ElementID(base: id)
    return reduceNavigationChild(
      self.element, state: &state[keyPath: self.toElementsState][id: id]!, action: elementAction,
      path: self.path(of: id, parentPath),
      step: ScopeStep(keyPath: self.toElementsState, elementID: AnyHashableSendable(elementID)),
      from: Parent.State.self, element: .id(AnyHashable(id))
    )
    .map { toElementAction.embed(.element(id: elementID.base.base as! ID, action: $0)) }
  }
}

/// The navigation identity of one element of a collection: the key path to the collection and
/// the element's id.
struct ElementNavigationID: Hashable, @unchecked Sendable {
  // NB: Key paths are immutable; sharing them across threads is safe.
  let keyPath: AnyKeyPath
  let id: ElementID
}
