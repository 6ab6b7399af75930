import ArgumentParser
import Foundation
import Replay

extension TCAReplay {
  /// `tca-replay chaos TRACE [--runs N] [--seed S] [--invariant P]… [--final P]…
  /// [--schedule STRING]`: replays a recording with its effects' outputs delivered in other
  /// orders and reports the first run that fails.
  public struct ChaosCommand<Features: ReplayableFeatures>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "chaos",
        abstract: "Replay a recording with its effects answering in other orders.",
        discussion: """
          Each run is a hermetic replay in which the outputs of the effects in flight together \
          are delivered in another order: each effect keeps its own order, an output is dropped \
          when its effect was cancelled before it, and inputs sent from outside keep their \
          places. A run fails when an --invariant does not hold after some action, a --final \
          predicate does not hold after the last one, or the runtime reports an issue; with no \
          predicate, when the final state differs from the recording's (order-sensitive). The \
          first failing run is printed with its schedule, shrunk to the fewest moved \
          deliveries; --schedule replays exactly that run. With no predicate, when the \
          recorded order itself no longer ends in the recorded state, it says that today's \
          code already differs (see `verify`) and tries no other order. Exit status 0 when \
          every run passed, 1 when one failed or today's code already differs, 2 for bad input.
          """)
    }

    @Argument(help: "The trace to replay (a .sqlite file written by the recorder).")
    var trace: String

    @Option(parsing: .unconditional, help: "How many runs to make.")
    var runs: Int = 100

    @Option(parsing: .unconditional, help: "The seed the orders are drawn from.")
    var seed: UInt64 = 0

    @Option(help: "A predicate over the state that must hold after every action (repeatable).")
    var invariant: [String] = []

    @Option(help: "A predicate over the state that must hold after the last action (repeatable).")
    var final: [String] = []

    @Option(help: "Replay exactly this run, as a failure printed it (v1:SEQ@AFTER,…).")
    var schedule: String?

    public init() {}

    public func validate() throws {
      guard self.runs > 0 else {
        throw ValidationError(
          "--runs expects a whole number of runs, 1 or more; found \(self.runs)")
      }
    }

    public func run() async throws {
      let result: ChaosResult
      do {
        result = try await Replay.explore(
          path: self.trace, features: Features.features, runs: self.runs, seed: self.seed,
          schedule: self.schedule, invariants: self.invariant, final: self.final)
      } catch {
        throw CommandError("\(error)")
      }
      guard let failure = result.failure else {
        let what =
          self.invariant.isEmpty && self.final.isEmpty
          ? "the final state was the recording's" : "every predicate held"
        if self.schedule != nil {
          print("passed: the schedule's run passed; \(what)")
        } else {
          print(
            "passed: \(result.runs) runs (\(result.distinctOrders) distinct "
              + "\(result.distinctOrders == 1 ? "order" : "orders")); \(what)")
        }
        return
      }
      if failure.kind == .recordedOrderDiffers {
        // NB: Not a run that failed: no order was tried, because the recorded one already ends
        // elsewhere. Exit 1 all the same, as `verify` does for a divergence.
        print(failure.description)
        throw ExitStatus(1)
      }
      let run =
        self.schedule == nil
        ? "run \(result.runs) of \(self.runs) failed" : "the schedule's run failed"
      print("\(run) (\(failure.kind.rawValue)):")
      print(failure.description)
      print("schedule: \(failure.schedule)")
      if self.schedule == nil {
        print(
          "replay it: \(CommandLineTool.executableName) chaos \(Self.quoted(self.trace)) "
            + "--schedule '\(failure.schedule)'")
      }
      throw ExitStatus(1)
    }

    private static func quoted(_ text: String) -> String {
      text.contains(" ") ? "'\(text)'" : text
    }
  }
}
