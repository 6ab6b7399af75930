import ComposableRuntime
import DemoApp

/// Prints a store's instrumentation events as they happen, one line each, with the time on the
/// session's clock.
///
/// An action prints when the reducer runs it, followed by the state it changed; an action an
/// effect sends while the store is busy is queued, so it prints after that effect's end.
@MainActor
final class SessionPrinter: StoreObserver {
  typealias State = AppFeature.State
  typealias Action = AppFeature.Action

  /// The widest a line gets; longer payloads and state changes are cut with "…".
  static let width = 100

  private let clock: TestClock<Duration>
  private let start: TestClock<Duration>.Instant
  private var received: [ActionID: (action: Action, origin: ActionOrigin)] = [:]
  private var before: AppFeature.State?

  init(clock: TestClock<Duration>) {
    self.clock = clock
    self.start = clock.now
  }

  private var timestamp: String {
    let elapsed = start.duration(to: clock.now).components
    let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    return "t=\(milliseconds)ms".padding(toLength: 9, withPad: " ", startingAt: 0)
  }

  /// Prints a heading before the next part of the session.
  func section(_ title: String) {
    let rule = String(repeating: "─", count: max(0, Self.width - 4 - title.count))
    print("\n── \(title) \(rule)")
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    received[id] = (action, origin)
  }

  func reducerWillRun(_ id: ActionID, state: State) {
    before = state
    guard let (action, origin) = received.removeValue(forKey: id) else { return }
    let source: String
    switch origin {
    case .send: source = "send"
    case let .effect(effect): source = "\(effect)"
    }
    let head = "\(timestamp) \(id) "
    let tail = "  ← \(source)"
    print(head + Self.cut(Self.name(of: action), to: Self.width - head.count - tail.count) + tail)
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    guard let before, let difference = diff(before, state) else { return }
    // Only the changed lines: the context custom-dump prints around them is the whole state.
    for change in Self.changes(in: difference) {
      print(Self.cut("            \(change)", to: Self.width))
    }
  }

  func effectDidStart(_ effect: EffectStart) {
    let ids =
      effect.cancelIDs.isEmpty
      ? "" : " cancellable by \(effect.cancelIDs.map { "\($0.base)" }.joined(separator: ", "))"
    print("\(timestamp)   \(effect.id) \(effect.kind.rawValue) started by \(effect.action)\(ids)")
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    print("\(timestamp)   \(effect) \(outcome)")
  }

  /// The action's case path and payload without type names: `counter.view.incrementButtonTapped`.
  static func name(of action: Action) -> String {
    shortenUUIDs(in: "\(action)".replacing(#/(?:[A-Z]\w*(?:<[^()]*?>)?\.)+/#, with: ""))
  }

  /// The removed and added lines of a diff, each run of lines with the same sign joined into one:
  /// `+ [0]: Todo.State(id: UUID(0), description: "", isComplete: false)`.
  static func changes(in difference: String) -> [String] {
    var changes: [(sign: Character, text: String)] = []
    var previous: Character?
    for line in difference.split(separator: "\n") {
      guard let sign = line.first, sign == "-" || sign == "+" else {
        previous = nil
        continue
      }
      let text = String(line.dropFirst().trimmingPrefix(while: \.isWhitespace))
      if sign == previous, let last = changes.popLast() {
        let opens = last.text.hasSuffix("(") || last.text.hasSuffix("[")
        let closes = text.hasPrefix(")") || text.hasPrefix("]")
        changes.append((sign, last.text + (opens || closes ? "" : " ") + text))
      } else {
        changes.append((sign, text))
      }
      previous = sign
    }
    return changes.map { "\($0.sign) \(shortenUUIDs(in: $0.text))" }
  }

  /// `00000000-0000-0000-0000-000000000002`, as the demo's incrementing generator makes them,
  /// becomes `UUID(2)`.
  static func shortenUUIDs(in text: String) -> String {
    text
      .replacing(#/UUID\((00000000-0000-0000-0000-[0-9A-F]{12})\)/#) { $0.output.1 }
      .replacing(#/00000000-0000-0000-0000-([0-9A-F]{12})/#) {
        "UUID(\(Int($0.output.1, radix: 16)!))"
      }
  }

  /// `text`, cut to `width` characters with "…" at the end when it is longer.
  static func cut(_ text: String, to width: Int) -> String {
    text.count <= width ? text : text.prefix(max(0, width - 1)) + "…"
  }
}
