#!/usr/bin/env bash
# Configures and builds into build/ (Release), or build-sanitize/ with
# --sanitize. --tools builds gen, quotient and refines only (what
# scripts/demo.sh runs), not the tests and bench programs.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build type=Release targets=()
case "${1:-}" in
  --sanitize) dir=build-sanitize type=Sanitize ;;
  --tools) targets=(--target gen quotient refines) ;;
  "") ;;
  *) echo "build.sh: unknown option '$1' (--sanitize, --tools or none)" >&2; exit 2 ;;
esac
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" >/dev/null
cmake --build "$dir" -j "$(nproc)" "${targets[@]}"
