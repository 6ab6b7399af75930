import ComposableRuntime
import Foundation
import SwiftSyntax
import Trace

/// What one recorded effect read from `uuid`, `date` and the random number generator, as the
/// comment a generated test puts above the first action that effect sent back:
///
/// ```swift
/// await clock.advance(by: .milliseconds(250))
/// // effect #1 of roundTripTapped: uuid() returned id1 and id2, date.now returned date1
/// await store.receive(\.roundTripPlanned, Itinerary.Trip(…))
/// ```
///
/// Those are the only values a trace records an effect reading (besides the clock, which the
/// test advances): what an API client returned is not in it, so it is not in the comment. The
/// trace does not say which of the effect's sends a read preceded, so every value is named on the
/// first.
struct EffectReadsComment {
  /// The effect's id in the trace.
  let effect: Int64
  /// The name of the action that started it.
  let actionName: String
  /// What it read, in order, as Swift: `UUID(uuidString: "…")!`, `Date(…)`, an integer.
  let reads: [(dependency: DependencyValueRecord.Dependency, value: ExprSyntax)]

  /// The comment of `effect`, or `nil` when it read none of the recorded values.
  init?<R: Reducer>(effect: Int64, in session: RecordedSession<R>)
  where R.State: Codable & Equatable, R.Action: Codable {
    var reads: [(DependencyValueRecord.Dependency, ExprSyntax)] = []
    for record in session.dependencyValues where record.reader == .effect(effect) {
      guard let value = Self.expression(record) else { continue }
      reads.append((record.dependency, value))
    }
    guard !reads.isEmpty, let start = session.effects[effect]?.start,
      let action = session.steps.first(where: { $0.seq == start.actionSeq })
    else { return nil }
    self.effect = effect
    self.actionName = action.name
    self.reads = reads
  }

  /// The values as written, for ``NamedConstants`` to count.
  var mentions: [ExprSyntax] { self.reads.map(\.value) }

  /// `effect #1 of roundTripTapped: uuid() returned id1 and id2, date.now returned date1`, with
  /// each value by its constant's name when it has one.
  func text(naming constants: NamedConstants) -> String {
    var order: [DependencyValueRecord.Dependency] = []
    var values: [DependencyValueRecord.Dependency: [String]] = [:]
    for read in self.reads {
      if values[read.dependency] == nil { order.append(read.dependency) }
      values[read.dependency, default: []].append(
        constants.name(for: read.value) ?? read.value.trimmedDescription)
    }
    let parts = order.map { dependency in
      "\(Self.reader(dependency)) returned \(Self.list(values[dependency] ?? []))"
    }
    return "effect #\(self.effect) of \(self.actionName): " + parts.joined(separator: ", ")
  }

  /// `a`, `a and b`, `a, b and c`; past three, `a, b, c and 5 more`.
  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    if items.count > 3 {
      return items.prefix(3).joined(separator: ", ") + " and \(items.count - 3) more"
    }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  private static func reader(_ dependency: DependencyValueRecord.Dependency) -> String {
    switch dependency {
    case .uuid: "uuid()"
    case .date: "date.now"
    case .random: "the random number generator"
    case .calendar: "calendar"
    case .timeZone: "timeZone"
    case .locale: "locale"
    }
  }

  /// The value as the test would write it; `nil` for one stored in a form it cannot read.
  private static func expression(_ record: DependencyValueRecord) -> ExprSyntax? {
    switch record.dependency {
    case .uuid: UUID(uuidString: record.value).map(SwiftValuePrinter.uuid)
    case .date:
      Double(record.value).map { SwiftValuePrinter.date(Date(timeIntervalSinceReferenceDate: $0)) }
    case .random: UInt64(record.value).map { SwiftExpression.integer($0) }
    case .calendar, .timeZone, .locale: nil
    }
  }
}
