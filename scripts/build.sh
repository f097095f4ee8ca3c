#!/usr/bin/env bash
# Configures and builds into build/ (Release), or build-sanitize/ with --sanitize.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build type=Release
if [ "${1:-}" = "--sanitize" ]; then dir=build-sanitize type=Sanitize; fi
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" >/dev/null
cmake --build "$dir" -j "$(nproc)"
