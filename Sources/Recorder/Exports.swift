// `Recorder`, its options and the worker come from the recorder core; this module is the way in
// through the runtime's hooks.
@_exported import RecorderCore
