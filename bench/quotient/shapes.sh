#!/usr/bin/env bash
# quotient on shapes that nothing in it was tuned for (make_shape.cpp: huge
# fan-out, huge fan-in, duplicate transitions, a dense graph, many small
# tau-cycles, long labels, 10^5 labels), under the three equivalences: whole
# process, one run each. With MCRL2_BIN set, beside mCRL2's ltsconvert
# (vs_mcrl2.sh's table, with whether both give the same sizes); else ours
# alone.
#   [MCRL2_BIN=DIR] bash bench/quotient/shapes.sh [TRANSITIONS]   (default 5000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
m=${1:-5000000}
build=${BUILD:-build}
[ -n "${BUILD:-}" ] || bash scripts/build.sh >/dev/null
cmake --build "$build" --target bench_tools >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
shapes="star fan-in duplicates dense divergent long-labels many-labels"
files=()
for s in $shapes; do
  "$build"/bench/quotient/make_shape "$s" "$m" > "$dir/$s.aut"
  files+=("$dir/$s.aut")
done
if [ -n "${MCRL2_BIN:-}" ]; then
  for eq in strong branching divbranching; do
    BIN=$build/tools bash bench/quotient/vs_mcrl2.sh -e "$eq" "${files[@]}"
    echo
  done
  exit 0
fi
echo "command: bash bench/quotient/shapes.sh $m   ($(date -u +%FT%RZ), $(nproc) cores)"
printf '%-12s %11s %-13s %10s %10s %8s %8s\n' shape transitions equivalence q.states q.trans "time s" "peak MB"
for f in "${files[@]}"; do
  for eq in strong branching divbranching; do
    read -r t k < <(/usr/bin/time -f "%e %M" "$build"/tools/quotient -e "$eq" "$f" -o "$dir/q.aut" 2>&1 >/dev/null | tail -1)
    IFS=', ' read -r _ qt qs < <(head -1 "$dir/q.aut" | tr -d 'des()')
    trans=$(head -1 "$f" | sed 's/des *( *[0-9]* *, *\([0-9]*\).*/\1/')
    printf '%-12s %11d %-13s %10d %10d %8.2f %8.0f\n' "$(basename "$f" .aut)" "$trans" "$eq" "$qs" "$qt" "$t" "$((k / 1024))"
  done
done
