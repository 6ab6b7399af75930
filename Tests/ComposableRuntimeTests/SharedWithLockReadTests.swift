import ComposableRuntime
import Foundation
import Testing

/// A shared value derived from an element of a shared collection is read inside the collection's
/// own `withLock`, as TCA's SyncUps example removes a sync-up:
/// `$syncUps.withLock { _ = $0.remove(id: state.syncUp.id) }`.
@MainActor
struct SharedWithLockReadTests {
  struct Meeting: Equatable, Identifiable, Codable {
    let id: Int
    var title: String
  }

  @Test func aDerivedElementReadInsideItsCollectionsWithLock() throws {
    @Shared(.inMemory("meetings")) var meetings: IdentifiedArrayOf<Meeting> = [
      Meeting(id: 1, title: "Design"), Meeting(id: 2, title: "Standup"),
    ]
    let meeting = try #require(Shared($meetings[id: 1]))
    $meetings.withLock { _ = $0.remove(id: meeting.id) }
    #expect(meetings.map(\.id) == [2])
  }

  @Test func aValueReadInsideItsOwnWithLock() {
    let count = Shared(value: 1)
    count.withLock { $0 += count.wrappedValue }
    #expect(count.wrappedValue == 2)
  }
}
