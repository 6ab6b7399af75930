import ComposableRuntime
import Foundation
import RuntimeReflection
import TestSupport
import Testing
import Trace

@testable import Recorder
@testable import RecorderCore

/// The writing stage reuses the encodings of repeated actions that are enum cases all the way
/// down; every other action is encoded afresh. Either way the trace must hold each action's own
/// exact encoding.
@MainActor
@Suite struct EncodingCacheTests {
  enum Leaf: Codable, Equatable { case p, q }
  enum Other: Codable, Equatable { case p }

  /// Actions that read alike to a cache that looked only at names, or only at `==`.
  enum Action: Codable, Equatable {
    case labeled(x: Leaf)
    case plain(Leaf)
    case other(Other)
    case count(Int)
    case tapped
    /// Equal to every other `.note`: `==` ignores the text, the encoding does not.
    case note(Note)
  }

  struct Note: Codable, Equatable {
    var text: String
    static func == (_: Note, _: Note) -> Bool { true }
  }

  struct Feature: Reducer {
    struct State: Codable, Equatable { var count = 0 }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Test func everyActionKeepsItsOwnEncoding() async throws {
    let sent: [Action] = [
      .tapped, .plain(.p), .plain(.q), .labeled(x: .p), .labeled(x: .q), .other(.p), .count(1),
      .count(2), .note(Note(text: "a")), .note(Note(text: "b")), .tapped, .plain(.p),
      .labeled(x: .q), .labeled(x: .p), .plain(.q), .other(.p), .count(1), .note(Note(text: "c")),
    ]
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Feature.State()) { Feature().record(to: recorder) }
    // Twice over, so the second round meets every action in the cache.
    for action in sent + sent { store.send(action) }
    await recorder.finish()

    let inputs = try TraceReader(path: path).replayInputs()
    #expect(inputs.count == 2 * sent.count)
    let encoder = TraceEncoder()
    for (input, action) in zip(inputs, sent + sent) {
      #expect(input.encoding == (try encoder.encode(action)), "action \(input.seq): \(action)")
    }
  }

  @Test func onlyCasesWithoutPayloadsHaveWholeTypes() {
    #expect(ActionDescription(of: Action.tapped).wholeTypes != nil)
    #expect(ActionDescription(of: Action.plain(.p)).wholeTypes != nil)
    #expect(ActionDescription(of: Action.labeled(x: .p)).wholeTypes == nil)
    #expect(ActionDescription(of: Action.count(1)).wholeTypes == nil)
    #expect(ActionDescription(of: Action.note(Note(text: "a"))).wholeTypes == nil)
    // The same names under two types of payload are two keys.
    let leaf: Any = Wrapper.wrapped(Leaf.p)
    let other: Any = Wrapper.wrapped(Other.p)
    #expect(ActionDescription(of: leaf).name == ActionDescription(of: other).name)
    #expect(ActionDescription(of: leaf).wholeTypes != ActionDescription(of: other).wholeTypes)
  }

  /// An enum whose payload's type is only known at run time.
  enum Wrapper {
    case wrapped(any Sendable)
  }

  @Test func aKeyedActionIsEncodedOnce() {
    var cache = EncodingCache()
    var encoded = 0
    let key = EncodingCache.Key(name: "tapped", types: [ObjectIdentifier(Action.self)])
    for _ in 0..<3 {
      #expect(
        cache.encoding(of: key) {
          encoded += 1; return [1]
        } == [1])
    }
    #expect(encoded == 1)
    let otherType = EncodingCache.Key(name: "tapped", types: [ObjectIdentifier(Leaf.self)])
    #expect(
      cache.encoding(of: otherType) {
        encoded += 1; return [2]
      } == [2])
    for _ in 0..<2 {
      #expect(
        cache.encoding(of: nil) {
          encoded += 1; return [3]
        } == [3])
    }
    #expect(encoded == 4)
  }
}
