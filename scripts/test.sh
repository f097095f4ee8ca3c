#!/usr/bin/env bash
# Set-up and the whole test suite: installs Debian packages, builds, runs CTest.
#   bash scripts/test.sh              Release build, every test
#   bash scripts/test.sh --sanitize   the same under ASan+UBSan
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh "$@"
dir=build
[ "${1:-}" = "--sanitize" ] && dir=build-sanitize
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)"
