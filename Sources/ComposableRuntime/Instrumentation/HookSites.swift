/// Whether the instrumentation hook sites are compiled in.
///
/// NB: Always `true` for users. The hook benchmark builds a second copy of this module with
/// `COMPOSABLE_RUNTIME_NO_HOOKS` defined, so it can compare the same store with and without the
/// hook sites; the constant folds away, taking the sites with it.
@inline(__always)
@usableFromInline
var hookSitesCompiledIn: Bool {
  #if COMPOSABLE_RUNTIME_NO_HOOKS
    return false
  #else
    return true
  #endif
}
