import ComposableRuntime
import Testing

@MainActor
@Suite struct BindingTests {
  @Test func bindingActionsSetTheFieldBeforeTheFeatureSeesThem() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    }
    await store.send(\.binding.displayName, "Bl") {
      $0.displayName = "Bl"
    }
    await store.send(\.binding.displayName, "Blob") {
      $0.displayName = "Blob"
      $0.isDisplayNameValid = true
    }
    await store.send(.binding(.set(\.enableNotifications, true))) {
      $0.enableNotifications = true
    }
    await store.send(\.binding.sendMobileNotifications, true) {
      $0.sendMobileNotifications = true
    }
    await store.send(\.binding.enableNotifications, false) {
      $0.enableNotifications = false
      $0.sendMobileNotifications = false
    }
    await store.send(.resetButtonTapped) {
      $0 = SettingsForm.State()
    }
  }

  @Test func bindingActionsCompareByKeyPathAndValue() {
    typealias Binding = BindingAction<SettingsForm.State>
    #expect(Binding.set(\.displayName, "Blob") == .set(\.displayName, "Blob"))
    #expect(Binding.set(\.displayName, "Blob") != .set(\.displayName, "Blob Jr."))
    #expect(Binding.set(\.enableNotifications, true) != .set(\.sendMobileNotifications, true))
    #expect(Binding.set(\.displayName, "Blob").keyPath == \SettingsForm.State.displayName)
  }

  @Test func bindingCaseKeyPathsEmbedAndExtract() {
    let action = SettingsForm.Action.binding(.set(\.displayName, "Blob"))
    #expect(action[case: \.binding.displayName] as String? == "Blob")
    #expect(action[case: \.binding.enableNotifications] == nil)
    #expect(action.binding == .set(\.displayName, "Blob"))
    #expect(SettingsForm.Action.resetButtonTapped.binding == nil)
    let embedded = AnyCasePath(\SettingsForm.Action.Cases.binding.displayName).embed("Blob")
    #expect(embedded == action)
  }

  @Test func bindingActionsDumpAsTheirSetter() {
    let dump = String(customDumping: SettingsForm.Action.binding(.set(\.displayName, "Blob")))
    #expect(
      dump == """
        SettingsForm.Action.binding(
          .set(
            \\State.displayName,
            "Blob"
          )
        )
        """)
  }

  @Test func bindingActionsReflectAsACaseNamedAfterTheField() {
    let mirror = Mirror(reflecting: BindingAction<SettingsForm.State>.set(\.displayName, "Blob"))
    #expect(mirror.displayStyle == .enum)
    #expect(mirror.children.first?.label == "displayName")
    #expect(mirror.children.first?.value as? String == "Blob")
  }

  @Test func bindingReducerWithAViewAction() async {
    let store = TestStore(initialState: ViewActionForm.State()) {
      ViewActionForm()
    }
    await store.send(\.view.binding.query, "tent") {
      $0.query = "tent"
    }
    await store.send(.view(.submitButtonTapped)) {
      $0.submitted = ["tent"]
    }
    await store.receive(\.delegate.submitted, "tent")
  }

  @Test func aTestExpectingTheWrongBindingFails() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    }
    await withKnownIssue {
      await store.send(\.binding.displayName, "Blob") {
        $0.displayName = "Blob"
      }
    } matching: { issue in
      issue.description.contains("isDisplayNameValid")
    }
  }
}
