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
# With the kernel's autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled)
# the processes started from one terminal share one slice of the processors
# however many threads they run, so on a busy machine -j N cannot be faster
# than -j 1; the cpu columns (user
# + system seconds) show the cost of the threads apart from the wall time.
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
printf '\n| %-13s | %s | %s | %10s | %9s | %9s | %5s | %9s | %9s | %s |\n' model K N states "-j 1 s" "-j $jobs s" ratio \
  "cpu -j 1" "cpu -j $jobs" same
echo "|---------------|---|---|-----------:|----------:|----------:|------:|----------:|----------:|------|"

timed() {  # OUT ARGS...: runs gen, prints its wall and cpu seconds
  local out=$1; shift
  /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$gen" "$@" -o "$out" || { echo "gen $* failed" >&2; exit 1; }
  read -r wall user sys < "$tmp/time"
  echo "$wall $(echo "$user + $sys" | bc -l)"
}

for c in "${cases[@]}"; do
  set -- $c
  model=$1 k=$2 n=$3
  args=("$root/models/$model.conc" --threads "$k" --ops "$n")
  read -r t1 c1 < <(timed "$tmp/one.aut" "${args[@]}" -j 1)
  read -r tn cn < <(timed "$tmp/n.aut" "${args[@]}" -j "$jobs")
  states=$(head -1 "$tmp/one.aut" | sed -E 's/des \([0-9]+,[0-9]+,([0-9]+)\)/\1/')
  same=no
  cmp -s "$tmp/one.aut" "$tmp/n.aut" && same=yes
  printf '| %-13s | %s | %s | %10s | %9.2f | %9.2f | %5.2f | %9.2f | %9.2f | %-4s |\n' "$model" "$k" "$n" "$states" \
    "$t1" "$tn" "$(echo "$tn / $t1" | bc -l)" "$c1" "$cn" "$same"
done
