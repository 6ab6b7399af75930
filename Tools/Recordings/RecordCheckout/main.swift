// `swift run record-checkout PATH`: records `CheckoutSession` (the test fixtures' checkout) on a
// real `ContinuousClock` into the trace at PATH. Tools/Recordings/regenerate.sh makes
// Recordings/checkout-continuous-clock.sqlite with it: the trace whose generated test is
// Tests/GeneratedTests/RecordedCheckoutSession.swift.
import ComposableRuntime
import Foundation
import Recorder
import TestGenerationFixtures

@MainActor
func record(to path: String) async throws {
  let recorder = try Recorder(path: path)
  let store = Store(initialState: Checkout.State()) {
    Checkout().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = ContinuousClock()
  }
  try await CheckoutSession.drive(store)
  await recorder.finish()
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
  FileHandle.standardError.write(
    Data("record-checkout: expected one argument, the trace's path; found \(arguments.count)\n".utf8))
  exit(2)
}
try? FileManager.default.removeItem(atPath: path)
do {
  try await record(to: path)
} catch {
  FileHandle.standardError.write(Data("record-checkout: \(error)\n".utf8))
  exit(1)
}
