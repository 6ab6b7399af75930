import Testing
import Trace

/// A cancel id of a type declared inside a function describes itself with an address that
/// differs from run to run; the trace writes it without, so a replay compares equal.
@Suite struct CancelIDTextTests {
  @Test func addressesOfUnknownContextsAreLeftOut() {
    #expect(
      CancelIDText.normalized(
        "ID(rawValue: AnyHashable(App.Client.ID.(unknown context at $55e47448cb74).(unknown context at $55e47448cbc0).RawValue()))"
      ) == "ID(rawValue: AnyHashable(App.Client.ID.(unknown context).(unknown context).RawValue()))")
    #expect(CancelIDText.normalized("Timer.cancel") == "Timer.cancel")
  }

  @Test func anIdOfALocalTypeIsDescribedWithoutItsAddress() {
    struct Local: Hashable, CustomStringConvertible {
      var description: String { String(reflecting: Self.self) }
    }
    #expect("\(Local())".contains("(unknown context at $"))
    let text = CancelIDText.describing(AnyHashable(Local()))
    #expect(text.hasSuffix("(unknown context).Local"))
    #expect(!text.contains("$"))
  }
}
