#!/usr/bin/env bash
# Set-up and the main job on a bundled example: installs Debian packages,
# builds, and runs the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
bin=build/tools
example=tests/data/oracle/cwi_1_2.aut
echo "== quotient -e none $example (the reachable part, unchanged)"
"$bin/quotient" -e none "$example" -o build/example.aut
head -3 build/example.aut
echo "   ... $(wc -l < build/example.aut) lines written to build/example.aut"
