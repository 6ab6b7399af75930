#!/usr/bin/env bash
# Regenerates the sample trace of the current schema version in Recordings/ from the demo app's
# scripted session. Samples of older versions are kept as they are: they prove old traces open.
# Run from anywhere: Tools/Recordings/regenerate.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# The schema version this build writes: `TraceSchema.steps` in Sources/Trace/Schema/TraceSchema.swift
# (RecordingsTests fails while no sample of it exists).
version=8
sample="Recordings/demo-v${version}.sqlite"
swift run tca-replay demo --trace "$sample" > /dev/null
rm -f "$sample-wal" "$sample-shm"
ls -l Recordings/*.sqlite

# The checkout fixture recorded on a real clock: the trace the committed generated test
# Tests/GeneratedTests/RecordedCheckoutSession.swift is made from (ContinuousClockGenerationTests).
checkout="Recordings/checkout-continuous-clock.sqlite"
swift run record-checkout "$checkout"
rm -f "$checkout-wal" "$checkout-shm"
