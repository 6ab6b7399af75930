#if canImport(OSLog)
  import OSLog
#endif

extension Reducer {
  #if canImport(OSLog)
    /// Marks every action this reducer handles, and every action its effects send back, with
    /// `os_signpost`, for Instruments.
    ///
    /// ```swift
    /// Feature()
    ///   .signpost("Feature")
    /// ```
    ///
    /// Each action is an interval named "Action" (`"[prefix] Feature.Action.tapped"`) around the
    /// reducer; each action an effect sends is an "Effect Output" event. Nothing is emitted unless
    /// `log.signpostsEnabled`.
    ///
    /// NB: Unlike TCA, effects get no start/finish interval here: an observed store reports each
    /// effect's start and its one outcome exactly (see ``StoreObserver``), which TCA's signposts
    /// cannot, and the recorder writes those intervals to the trace.
    @warn_unqualified_access
    public func signpost(
      _ prefix: String = "",
      log: OSLog = OSLog(
        subsystem: "tca-replay.ComposableRuntime", category: "Reducer Instrumentation")
    ) -> _SignpostReducer<Self> {
      _SignpostReducer(base: self, prefix: prefix, log: log)
    }
  #else
    /// Marks every action this reducer handles with `os_signpost` where OSLog exists; on Linux,
    /// which has no OSLog, it does nothing, so that feature code compiles unchanged.
    ///
    /// ```swift
    /// Feature()
    ///   .signpost("Feature")
    /// ```
    ///
    /// To see the same intervals on Linux, record the store (`.record(to:)`): the trace holds
    /// every action's reducer time and every effect's start and its one outcome.
    @warn_unqualified_access
    public func signpost(_ prefix: String = "") -> _SignpostReducer<Self> {
      _SignpostReducer(base: self, prefix: prefix)
    }
  #endif
}

/// Made by ``Reducer/signpost(_:log:)``.
public struct _SignpostReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let prefix: String
  #if canImport(OSLog)
    @usableFromInline let log: OSLog

    @usableFromInline
    init(base: Base, prefix: String, log: OSLog) {
      self.base = base
      // NB: As in TCA: a zero-width space for no prefix, `[prefix] ` otherwise.
      self.prefix = prefix.isEmpty ? "\u{200B}" : "[\(prefix)] "
      self.log = log
    }

    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      guard self.log.signpostsEnabled else {
        return self.base._reduce(into: &state, action: action)
      }
      let log = self.log
      let prefix = self.prefix
      let label = caseLabel(action)
      let id = OSSignpostID(log: log)
      os_signpost(.begin, log: log, name: "Action", signpostID: id, "%s%s", prefix, label)
      let effects = self.base._reduce(into: &state, action: action)
      os_signpost(.end, log: log, name: "Action", signpostID: id)
      return effects.map { output in
        os_signpost(.event, log: log, name: "Effect Output", "%sOutput from %s", prefix, label)
        return output
      }
    }
  #else
    @usableFromInline
    init(base: Base, prefix: String) {
      self.base = base
      self.prefix = prefix
    }

    @inlinable
    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      self.base._reduce(into: &state, action: action)
    }
  #endif
}
