#!/usr/bin/env bash
# States with and without gen's reductions (docs/reduction.md): those of
# the full LTS, those the reduced route explores and those it writes (after
# merging single-step states), and the divbranching quotient of the reduced
# LTS (the same as the full one's; tests/frontend/reduction_models.sh checks it).
#
#   bash bench/reduction.sh [MODEL...]     (default: ms_queue treiber_stack dglm_queue hm_list)
#   CONFIGS="3x1 2x2 2x3 3x2"  threads x operations per thread
#   BIN=DIR  where gen and quotient are (default build/tools)
#   LIMIT=S  seconds allowed for one gen run (default 600)
#
# Prints a Markdown table on stdout: states full, explored and written by
# the reduced route, the ratios to full, the gen cpu seconds of both, and
# the quotient's states.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
limit=${LIMIT:-600}
configs=${CONFIGS:-"3x1 2x2 2x3 3x2"}
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(ms_queue treiber_stack dglm_queue hm_list)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run OUT ARGS...: gen -v into OUT; prints "STATES EXPLORED CPU" or "- - -"
run() {
  local out=$1
  shift
  if timeout "$limit" "$bin/gen" "$@" -v -o "$out" 2> "$tmp/err"; then
    sed -n 's/^gen: \([0-9]*\) states, [0-9]* transitions, \([0-9]*\) states explored.*(\([0-9.]*\) s cpu).*/\1 \2 \3/p' "$tmp/err"
  else
    echo "- - -"
  fi
}
ratio() { [ "$1" = - ] || [ "$2" = - ] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "| model | threads x ops | states full | explored | explored/full | written | written/full | gen cpu s full | gen cpu s reduced | divbranching quotient |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for m in "${models[@]}"; do
  for c in $configs; do
    t=${c%x*} n=${c#*x}
    read -r full _ full_cpu < <(run "$tmp/full.aut" "$root/models/$m.conc" -t "$t" -n "$n" --no-reduce)
    rm -f "$tmp/full.aut"
    read -r red explored red_cpu < <(run "$tmp/red.aut" "$root/models/$m.conc" -t "$t" -n "$n")
    q=-
    [ "$red" = - ] || q=$("$bin/quotient" -e divbranching "$tmp/red.aut" | head -1 | cut -d, -f3 | tr -d ')')
    echo "| $m | $c | $full | $explored | $(ratio "$explored" "$full") | $red | $(ratio "$red" "$full") | $full_cpu | $red_cpu | $q |"
    rm -f "$tmp/red.aut"
  done
done
