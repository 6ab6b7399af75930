// `Recorder` and its options come from the recorder core, shared with the hook recorder.
@_exported import RecorderCore
