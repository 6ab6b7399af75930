import TCAReplayCommands

// The shipped tool: the standard commands, plus `demo`, which records the demo app.
await CommandLineTool.main(TCAReplayTool.self)
