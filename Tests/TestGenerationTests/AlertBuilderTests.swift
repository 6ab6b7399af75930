import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the coupon form session lives.
let committedCouponFormTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedCouponFormSession.swift")

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct AlertBuilderTests {
  /// An alert and a confirmation dialog in state are written as the builders a person writes,
  /// `AlertState { TextState("…") } actions: { … } message: { … }`, at their own fields: not the
  /// whole state decoded from JSON. The committed test (compiled and run by GeneratedTests, where
  /// the builders compare equal to what the reducer made) is what generating it writes.
  /// Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func alertsAndDialogsAreWrittenAsTheirBuilders() async throws {
    let path = temporaryTracePath("coupon")
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: CouponForm.State()) {
      CouponForm().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    // NB: Each presented alert or dialog has a presentation effect, cancelled when it goes away;
    // awaited, so that the recording ends with no effect in flight.
    store.send(.codeChanged("SAVE10"))
    let alert = store.send(.applyTapped)
    store.send(.alert(.presented(.clearCodeTapped)))
    await alert.finish()
    store.send(.codeChanged("SAVE20"))
    store.send(.applyTapped)
    let dialog = store.send(.removeTapped)
    store.send(.dialog(.presented(.confirmRemoval)))
    await dialog.finish()
    #expect(store.discount == nil && store.alert == nil && store.dialog == nil)
    await recorder.finish()

    let test = try await TestGenerator(path: path).generate(
      CouponForm(), testName: "recordedCouponFormSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedCouponFormTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          await store.send(.applyTapped) {
            $0.alert = AlertState {
              TextState("Coupon not accepted")
            } actions: {
              ButtonState(action: .clearCodeTapped) {
                TextState("Clear the code")
              }
              ButtonState(role: .cancel) {
                TextState("OK")
              }
            } message: {
              TextState(#""SAVE10" is not a code this shop knows."#)
            }
          }
        """))
    #expect(
      test.source.contains(
        """
            $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
              TextState("Remove the coupon?")
            } actions: {
        """))
    #expect(!test.source.contains("JSONDecoder"))
    #expect(test.summary.decodedValues == 0)
    #expect(test.source == (try String(contentsOf: committedCouponFormTest, encoding: .utf8)))
  }
}
