import Trace

/// Turns what TCA's guidance says into findings about one trace.
///
/// ```swift
/// let findings = try Advisor(options: ProfileOptions()).findings(in: trace, actions: ranking)
/// ```
public struct Advisor: Sendable {
  /// The thresholds and limits the findings use.
  public var options: ProfileOptions

  /// An advisor with `options`.
  public init(options: ProfileOptions) {
    self.options = options
  }

  /// Every finding, by rule in ``Finding/Rule`` order; `actions` is the action ranking already
  /// computed (for the peak rates).
  public func findings(
    in trace: TraceReader, actions: [ActionProfile], running: [LeakedEffect]
  ) throws -> [Finding] {
    var findings: [Finding] = []
    let limit = options.evidenceLimit
    for action in actions where action.peakPerSecond > options.highFrequencyPerSecond {
      let sites = try trace.sendSites(of: action.name, depth: options.depth)
      findings.append(
        Finding(
          rule: .highFrequency, subject: action.name,
          message: "\(action.name) arrived \(action.peakPerSecond) times in one second (over "
            + "\(options.highFrequencyPerSecond)/s). Every action is a trip through every "
            + "reducer and a state copy: debounce it, throttle it, add it to the recorder's "
            + "deny-list if only the trace needs quieting, or keep the value out of the store "
            + "(a binding per keystroke is better debounced; a 60 Hz timer better slowed).",
          seqs: try trace.busiestSecond(of: action.name, depth: options.depth, limit: limit),
          sites: sites.isEmpty ? nil : sites))
    }
    for slow in try trace.actions(over: options.budget, depth: options.depth, limit: limit) {
      findings.append(
        Finding(
          rule: .overBudget, subject: slow.name,
          message: "\(slow.name) ran over the \(DurationText.text(options.budget)) frame budget "
            + "\(slow.count) time\(slow.count == 1 ? "" : "s") (longest "
            + "\(DurationText.text(slow.longest))). Reducers run on the main thread: move "
            + "the work into a .run effect and send the result back.",
          seqs: slow.seqs))
    }
    // NB: A `.send` of a delegate action is a child talking to its parent; one whose action
    // changed another feature's state is not logic shared within a feature.
    for send in try trace.stateChangingSends(limit: limit)
    where !CasePathVocabulary.isDelegate(send.sentName)
      && CasePathVocabulary.feature(ofAction: send.fromName)
        == CasePathVocabulary.feature(ofAction: send.sentName)
    {
      findings.append(
        Finding(
          rule: .sendToShareLogic, subject: send.sentName,
          message: "\(send.fromName) returned .send(\(send.sentName)) \(send.count) "
            + "time\(send.count == 1 ? "" : "s"), and it changed the state of the same feature. "
            + "Sending actions to share logic costs a trip through the store each time: call a "
            + "mutating helper on State from both cases instead.",
          seqs: send.seqs))
    }
    for effect in running where effect.kind != .send {
      let cancellable =
        effect.cancelIDs.isEmpty
        ? "It has no cancel id: make it .cancellable(id:) and cancel it when the feature goes "
          + "away, or start it from the view's .task so it ends with the view."
        : "It is cancellable (id: \(effect.cancelIDs.joined(separator: ", "))): cancel it when "
          + "the feature goes away."
      findings.append(
        Finding(
          rule: .neverCancelled, subject: effect.label,
          message: "The effect \(effect.label) started by \(effect.actionName) (action "
            + "\(effect.actionSeq)) was still running when the recording finished. "
            + cancellable,
          seqs: [effect.actionSeq]))
    }
    findings += try self.races(in: trace)
    // NB: An action addressed to a child (`presented`, `element`) that did nothing at all is
    // what an action looks like when its child's state was gone.
    for orphan in try trace.idleActions(limit: limit)
    where CasePathVocabulary.addressesChild(orphan.name) {
      findings.append(
        Finding(
          rule: .childActionAfterStateGone, subject: orphan.name,
          message: "\(orphan.name) did nothing \(orphan.count) time\(orphan.count == 1 ? "" : "s") "
            + "(no state change, no effect): most likely its child's state was already gone. "
            + "TCA reports such actions as runtime warnings: cancel the child's effects when it "
            + "goes away, and do not send to a child after dismissing or removing it.",
          seqs: orphan.seqs))
    }
    return findings
  }
}
