import Foundation

/// The machine's load average, printed beside each figure a benchmark reports: on a shared
/// 2-core machine a figure means little without it.
///
/// ```swift
/// print("profile  3.01 s  " + MachineLoad.current.label)  // profile  3.01 s  load 1.32
/// ```
public struct MachineLoad: Sendable {
  /// The one-minute load average, or `nil` where the system does not say.
  public var oneMinute: Double?

  /// The load now (`/proc/loadavg` on Linux, `getloadavg` elsewhere).
  public static var current: MachineLoad {
    var averages = [Double](repeating: 0, count: 3)
    guard getloadavg(&averages, 3) >= 1 else { return MachineLoad(oneMinute: nil) }
    return MachineLoad(oneMinute: averages[0])
  }

  /// `load 1.32`, or `load ?` where the system does not say.
  public var label: String {
    self.oneMinute.map { String(format: "load %.2f", $0) } ?? "load ?"
  }
}
