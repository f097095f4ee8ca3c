#!/usr/bin/env bash
# Set-up and the whole test suite: installs Debian packages, builds, runs CTest.
#   bash scripts/test.sh              Release build, every test
#   bash scripts/test.sh --sanitize   the same under ASan+UBSan
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh "$@"
dir=build
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-sanitize
  # The random comparisons take 250 seeds each here, the Release suite's
  # 1,000 a quarter: under the sanitizers they look for memory errors,
  # which any seed shows, at about seven times the Release cost.
  export BB_REDUCE_ROUNDS="${BB_REDUCE_ROUNDS:-250}"
fi
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)"
