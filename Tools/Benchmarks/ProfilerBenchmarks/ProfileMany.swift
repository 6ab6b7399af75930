import BenchmarkSupport
import Foundation
import Profiler
import Trace

/// The profile over every trace in `folder` against the same traces profiled one by one, side
/// by side in one run, with the machine's load beside each figure.
func profileMany(folder: String) async throws {
  let paths = try FileManager.default.contentsOfDirectory(atPath: folder)
    .filter { $0.hasSuffix(".sqlite") }.sorted().map { folder + "/" + $0 }
  print("traces: \(paths.count) in \(folder)")
  let start = ContinuousClock.now
  let cpu = cpuSeconds()
  let profile = await TraceProfiler().profile(paths: paths, label: folder)
  let many = ContinuousClock.now - start
  print(
    "profile over all: \(DurationText.fixed(seconds(many), digits: 2)) s wall, "
      + "\(DurationText.fixed(cpuSeconds() - cpu, digits: 2)) s CPU, peak resident "
      + "\(DurationText.fixed(peakResidentMiB(), digits: 1)) MiB, \(MachineLoad.current.label); "
      + "\(profile.trace.actions) actions, skipped \(profile.skipped?.count ?? 0)")
  let alone = ContinuousClock.now
  let aloneCPU = cpuSeconds()
  for path in paths { _ = try TraceProfiler().profile(TraceReader(path: path)) }
  let each = ContinuousClock.now - alone
  print(
    "each alone, one after another: \(DurationText.fixed(seconds(each), digits: 2)) s wall, "
      + "\(DurationText.fixed(cpuSeconds() - aloneCPU, digits: 2)) s CPU, "
      + "\(MachineLoad.current.label); wall ratio \(DurationText.fixed(seconds(many) / seconds(each), digits: 2))"
  )
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
