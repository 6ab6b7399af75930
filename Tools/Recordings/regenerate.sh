#!/usr/bin/env bash
# Regenerates the sample traces in Recordings/ from the demo app's scripted session.
# Run from anywhere: Tools/Recordings/regenerate.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift run tca-replay demo --trace Recordings/demo-v1.sqlite > /dev/null
rm -f Recordings/demo-v1.sqlite-wal Recordings/demo-v1.sqlite-shm
ls -l Recordings/*.sqlite
