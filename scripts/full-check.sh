#!/usr/bin/env bash
# The full check: Table 1's verdicts at one more operation per row (the
# Release build, tests/e2e/e2e.sh with E2E_LARGER=1), the test suite under
# ASan+UBSan, then every fuzz harness for a bounded time (scripts/fuzz.sh).
# Non-zero on any failure.
#   bash scripts/full-check.sh                  60 s of fuzzing per harness
#   bash scripts/full-check.sh --seconds 300
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --fuzz
bash scripts/build.sh
E2E_LARGER=1 BIN="$PWD/build/tools" SRC="$PWD" bash tests/e2e/e2e.sh >build/e2e-larger.txt 2>&1 ||
  { cat build/e2e-larger.txt; echo "full-check: Table 1 at one more operation per row failed" >&2; exit 1; }
tail -1 build/e2e-larger.txt
bash scripts/test.sh --sanitize
bash scripts/fuzz.sh "$@"
