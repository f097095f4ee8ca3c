#!/usr/bin/env bash
# The full check: the test suite under ASan+UBSan, then every fuzz harness
# for a bounded time (scripts/fuzz.sh). Non-zero on any failure.
#   bash scripts/full-check.sh                  60 s of fuzzing per harness
#   bash scripts/full-check.sh --seconds 300
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --fuzz
bash scripts/test.sh --sanitize
bash scripts/fuzz.sh "$@"
