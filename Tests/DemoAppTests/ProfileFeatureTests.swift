import ComposableRuntime
import DemoApp
import Testing

@MainActor
@Suite struct ProfileFeatureTests {
  func makeStore(_ state: ProfileFeature.State = ProfileFeature.State()) -> TestStoreOf<
    ProfileFeature
  > {
    TestStore(initialState: state) {
      ProfileFeature()
    }
  }

  @Test func typingTheNameOneKeystrokeAtATime() async {
    let store = makeStore()
    await store.send(\.binding.name, "B") {
      $0.name = "B"
    }
    await store.send(\.binding.name, "Bl") {
      $0.name = "Bl"
    }
    await store.send(\.binding.name, "Blob") {
      $0.name = "Blob"
    }
    await store.send(\.binding.bio, "Camps in all weather") {
      $0.bio = "Camps in all weather"
    }
    await store.send(\.binding.isPublic, true) {
      $0.isPublic = true
    }
  }

  @Test func aNameThatIsTooLongIsFlaggedAsItIsTyped() async {
    let store = makeStore(ProfileFeature.State(name: "Blob the Magnificent"))
    await store.send(\.binding.name, "Blob the Magnificent!") {
      $0.name = "Blob the Magnificent!"
      $0.nameProblem = "At most 20 characters"
    }
    await store.send(\.view.saveButtonTapped) {
      $0.alert = ProfileFeature.cannotSaveAlert("At most 20 characters")
    }
    await store.send(\.alert.dismiss) {
      $0.alert = nil
    }
    await store.send(\.binding.name, "Blob the Magnificent") {
      $0.name = "Blob the Magnificent"
      $0.nameProblem = nil
    }
  }

  @Test func savingWithoutANameOnlyExplains() async {
    let store = makeStore()
    await store.send(\.view.saveButtonTapped) {
      $0.alert = ProfileFeature.cannotSaveAlert("Enter a name first.")
    }
    #expect(store.state.alert?.buttons.isEmpty == true)
    await store.send(\.alert.dismiss) {
      $0.alert = nil
    }
  }

  @Test func savingIsConfirmedByTheAlert() async {
    let store = makeStore(ProfileFeature.State(name: "Blob", bio: "Camps"))
    await store.send(\.view.saveButtonTapped) {
      $0.alert = ProfileFeature.saveAlert(name: "Blob")
    }
    await store.send(\.alert.confirmSave) {
      $0.alert = nil
      $0.saved = ProfileFeature.Profile(name: "Blob", bio: "Camps", isPublic: false)
    }
  }

  @Test func cancellingTheSaveAlertSavesNothing() async {
    let store = makeStore(ProfileFeature.State(name: "Blob"))
    await store.send(\.view.saveButtonTapped) {
      $0.alert = ProfileFeature.saveAlert(name: "Blob")
    }
    // The cancel button sends no action: the alert is dismissed.
    #expect(store.state.alert?.buttons.last?.action.action == nil)
    await store.send(\.alert.dismiss) {
      $0.alert = nil
    }
  }

  @Test func resettingTheNameKeepsTheRest() async {
    let saved = ProfileFeature.Profile(name: "Blob", bio: "Camps", isPublic: true)
    let store = makeStore(ProfileFeature.State(name: "Blob", bio: "Camps", saved: saved))
    await store.send(\.view.resetButtonTapped) {
      $0.dialog = ProfileFeature.resetDialog
    }
    await store.send(\.dialog.resetName) {
      $0.dialog = nil
      $0.name = ""
    }
  }

  @Test func resettingEverythingForgetsTheSavedProfile() async {
    let saved = ProfileFeature.Profile(name: "Blob", bio: "Camps", isPublic: true)
    let store = makeStore(ProfileFeature.State(name: "Blob", bio: "Camps", saved: saved))
    await store.send(\.view.resetButtonTapped) {
      $0.dialog = ProfileFeature.resetDialog
    }
    await store.send(\.dialog.resetEverything) {
      $0 = ProfileFeature.State()
    }
  }

  @Test func cancellingTheDialogChangesNothing() async {
    let store = makeStore(ProfileFeature.State(name: "Blob"))
    await store.send(\.view.resetButtonTapped) {
      $0.dialog = ProfileFeature.resetDialog
    }
    await store.send(\.dialog.dismiss) {
      $0.dialog = nil
    }
  }
}
