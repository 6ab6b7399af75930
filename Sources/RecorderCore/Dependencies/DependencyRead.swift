import InstrumentationValues
import Foundation
import Trace

/// One non-deterministic value the app read while recording, as the reading thread hands it to
/// the worker: the raw value (formatted on the worker) and who read it.
struct DependencyRead {
  enum Value {
    case uuid(UUID)
    case date(Date)
    case random(UInt64)
    /// A calendar, time zone or locale, already encoded (read once, when the store is made).
    case encoded(DependencyValueRecord.Dependency, String)
    /// A read of `\.continuousClock`'s `now`, since the recording began.
    case clock(ClockRequestRecord.Request, nanoseconds: Int64)
    /// A sleep on `\.continuousClock` until a deadline, since the recording began; the worker
    /// turns it into the duration asked (``AskedDurations``).
    case sleep(untilNanoseconds: Int64)
  }

  let value: Value
  let reader: DependencyValueRecord.Reader

  /// A value read now, attributed to `action`, the action being reduced on this thread, or else
  /// to the effect whose work is running.
  init(_ value: Value, reducing action: ActionID?) {
    self.value = value
    if let action {
      self.reader = .action(Int64(action.rawValue))
    } else if let effect = EffectID.current {
      self.reader = .effect(Int64(effect.rawValue))
    } else {
      self.reader = .unknown
    }
  }

  init(_ value: Value, reader: DependencyValueRecord.Reader) {
    self.value = value
    self.reader = reader
  }

  /// Where the trace stores a read: with the dependency values, or with the clock requests.
  enum Stored {
    case value(DependencyValueRecord)
    case clock(ClockRequestRecord)
    /// A sleep until a deadline, before the worker knows the duration asked.
    case sleep(untilNanoseconds: Int64, reader: DependencyValueRecord.Reader)
  }

  /// The read as the trace stores it.
  var stored: Stored {
    switch self.value {
    case let .clock(request, nanoseconds):
      .clock(ClockRequestRecord(request: request, reader: self.reader, nanoseconds: nanoseconds))
    case let .sleep(deadline):
      .sleep(untilNanoseconds: deadline, reader: self.reader)
    default:
      .value(self.record)
    }
  }

  /// The value as the trace stores it.
  private var record: DependencyValueRecord {
    switch self.value {
    case let .uuid(uuid):
      DependencyValueRecord(dependency: .uuid, reader: self.reader, value: uuid.uuidString)
    case let .date(date):
      DependencyValueRecord(
        dependency: .date, reader: self.reader,
        value: "\(date.timeIntervalSinceReferenceDate)")
    case let .random(number):
      DependencyValueRecord(dependency: .random, reader: self.reader, value: "\(number)")
    case let .encoded(dependency, text):
      DependencyValueRecord(dependency: dependency, reader: self.reader, value: text)
    case .clock, .sleep:
      preconditionFailure("a clock request is stored apart: see `stored`")
    }
  }
}
