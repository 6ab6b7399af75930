/// What stops the plugin before the command runs, as the one line it prints on standard error.
struct PluginFailure: Error {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}

