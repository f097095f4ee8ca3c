#!/bin/bash
# Wall time of `gen -j 1` against `gen -j 2` (and -j N with JOBS=N) on large
# state spaces, with the ratio; the outputs are compared byte for byte.
#
#   bash bench/parallel.sh [BUILD_DIR]     default BUILD_DIR: build
#   JOBS=4 bash bench/parallel.sh          compare -j 1 with -j 4
#   QUICK=1 bash bench/parallel.sh         smaller cases (about a second each)
#
# The ratio is wall(-j N) / wall(-j 1) of one run each, so it depends on
# what else the machine runs: the load average is printed with the table.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-$root/build}
gen=$build/tools/gen
jobs=${JOBS:-2}
[ -x "$gen" ] || { echo "build gen first: cmake --build $build --target gen" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${QUICK:-}" ]; then
  cases=("treiber_stack 3 1" "ms_queue 3 1" "hm_list 3 1" "snzi 2 2")
else
  cases=("treiber_stack 3 2" "ms_queue 3 2" "hm_list 3 1" "snzi 3 1")
fi

echo "command: bench/parallel.sh $*   (JOBS=$jobs, $(nproc) processors, load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '\n| %-13s | %s | %s | %10s | %9s | %9s | %5s | %s |\n' model K N states "-j 1 s" "-j $jobs s" ratio same
echo "|---------------|---|---|-----------:|----------:|----------:|------:|------|"

wall() {  # OUT ARGS...: runs gen, prints its wall time in seconds
  local out=$1; shift
  local start end
  start=$(date +%s.%N)
  "$gen" "$@" -o "$out" || { echo "gen $* failed" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

for c in "${cases[@]}"; do
  set -- $c
  model=$1 k=$2 n=$3
  args=("$root/models/$model.conc" --threads "$k" --ops "$n")
  t1=$(wall "$tmp/one.aut" "${args[@]}" -j 1)
  tn=$(wall "$tmp/n.aut" "${args[@]}" -j "$jobs")
  states=$(head -1 "$tmp/one.aut" | sed -E 's/des \([0-9]+,[0-9]+,([0-9]+)\)/\1/')
  same=no
  cmp -s "$tmp/one.aut" "$tmp/n.aut" && same=yes
  printf '| %-13s | %s | %s | %10s | %9.2f | %9.2f | %5.2f | %-4s |\n' "$model" "$k" "$n" "$states" "$t1" "$tn" \
    "$(echo "$tn / $t1" | bc -l)" "$same"
done
