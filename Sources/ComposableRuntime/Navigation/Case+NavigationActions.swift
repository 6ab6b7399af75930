extension Case {
  /// The case key path of one element's actions: `\.todos[id: 3].toggled`.
  ///
  /// ```swift
  /// await store.send(\.todos[id: todo.id].checkBoxToggled) {
  ///   $0.todos[id: todo.id]?.isComplete = true
  /// }
  /// ```
  public subscript<ID: Hashable, Action>(id id: ID) -> Case<Action>
  where Value == IdentifiedAction<ID, Action> {
    let id = UncheckedSendable(id)
    return Case<Action>(
      embed: { (action: Action) -> Any in
        self._embed(.element(id: id.value, action: action))
      },
      extract: { (root: Any) -> Action? in
        guard case let .element(elementID, action)? = self._extract(from: root),
          elementID == id.value
        else { return nil }
        return action
      }
    )
  }
}

extension Case {
  /// The case key path of one stack element's actions: `\.path[id: 0].detail.closeTapped`.
  ///
  /// ```swift
  /// await store.send(\.path[id: 0].detail.closeButtonTapped)
  /// ```
  public subscript<State, Action>(id id: StackElementID) -> Case<Action>
  where Value == StackAction<State, Action> {
    Case<Action>(
      embed: { (action: Action) -> Any in
        self._embed(.element(id: id, action: action))
      },
      extract: { (root: Any) -> Action? in
        guard case let .element(elementID, action)? = self._extract(from: root), elementID == id
        else { return nil }
        return action
      }
    )
  }
}

extension Case {
  /// The shortcut through `.presented`: `\.destination.editor` for
  /// `\.destination.presented.editor`, and `\.alert.confirmTapped` for
  /// `\.alert.presented.confirmTapped`.
  ///
  /// ```swift
  /// await store.send(\.destination.editor.saveButtonTapped)
  /// await store.send(\.alert.confirmDeletion) {
  ///   $0.alert = nil
  /// }
  /// ```
  @_disfavoredOverload
  public subscript<Action: CasePathable, Member>(
    dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Member>>
  ) -> Case<Member>
  where Value == PresentationAction<Action> {
    self.presented[dynamicMember: keyPath]
  }
}
