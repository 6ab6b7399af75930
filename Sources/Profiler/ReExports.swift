// NB: The records a profile is made of (`ActionProfile`, `EffectGroupProfile`, `EffectBar`, …)
// are what `Trace`'s queries return, so they live in `Trace`; re-exported so `import Profiler`
// is all a user of the profile needs.
@_exported import Trace
