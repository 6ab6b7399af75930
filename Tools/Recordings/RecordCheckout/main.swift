// `swift run record-checkout PATH`: records `CheckoutSession` (the test fixtures' checkout) on a
// real `ContinuousClock` into the trace at PATH. Tools/Recordings/regenerate.sh makes
// Recordings/checkout-continuous-clock.sqlite with it: the trace whose generated test is
// Tests/GeneratedTests/RecordedCheckoutSession.swift.
import Foundation
import TestGenerationFixtures

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
  FileHandle.standardError.write(
    Data("record-checkout: expected one argument, the trace's path; found \(arguments.count)\n".utf8))
  exit(2)
}
try? FileManager.default.removeItem(atPath: path)
do {
  try await CheckoutSession.record(to: path)
} catch {
  FileHandle.standardError.write(Data("record-checkout: \(error)\n".utf8))
  exit(1)
}
