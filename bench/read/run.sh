#!/usr/bin/env bash
# Reading throughput of the .aut reader against `wc -l` (the I/O floor) on a
# generated file, and memory per transition once loaded.
#   bash bench/read/run.sh [TRANSITIONS]     (default 10^7)
# LABELS=K sets the number of distinct labels (default 20; mCRL2's bakery
# has 1.1*10^5, which no longer fit in the reader's label cache).
set -euo pipefail
cd "$(dirname "$0")/../.."
m=${1:-10000000}
n=$((m / 5))
labels=${LABELS:-20}
# BUILD=DIR uses an existing build directory instead of building build/.
build=${BUILD:-build}
[ -n "${BUILD:-}" ] || bash scripts/build.sh >/dev/null
cmake --build "$build" --target bench_tools >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file=$dir/random.aut
"$build"/bench/make_aut --states "$n" --transitions "$m" --labels "$labels" --tau 0.3 --call-labels > "$file"
bytes=$(stat -c %s "$file")
cat "$file" > /dev/null  # warm the page cache for both readers

# The best of three runs each, to damp noise from other processes.
wc_s=999 secs=999
for run in 1 2 3; do
  start=$(date +%s.%N); wc -l "$file" > /dev/null; end=$(date +%s.%N)
  wc_s=$(awk -v a="$start" -v b="$end" -v m="$wc_s" 'BEGIN { t = b - a; print (t < m ? t : m) }')
  read -r s count peak_kib before_kib held < <("$build"/bench/read/read_aut_bench "$file")
  secs=$(awk -v t="$s" -v m="$secs" 'BEGIN { print (t < m ? t : m) }')
done

echo "command: LABELS=$labels bash bench/read/run.sh $m   (best of 3 runs; $(nproc) cores)"
echo "file: $m transitions, $n states, $labels labels, $((bytes / 1000000)) MB"
printf '%-28s %10s %10s %14s\n' "reader" "seconds" "MB/s" "transitions/s"
awk -v b="$bytes" -v w="$wc_s" -v s="$secs" -v c="$count" -v h="$held" -v p="$peak_kib" -v p0="$before_kib" 'BEGIN {
  printf "%-28s %10.3f %10.0f %14s\n", "wc -l (I/O floor)", w, b / w / 1e6, "-"
  printf "%-28s %10.3f %10.0f %14.0f\n", "read_aut_file", s, b / s / 1e6, c / s
  printf "ratio read_aut_file / wc -l: %.2f (aim: at most 3)\n", s / w
  printf "held in memory once loaded: %.1f bytes/transition (aim: at most 16)\n", h / c
  printf "peak RSS of the process: %.1f bytes/transition\n", (p - p0) * 1024 / c
}'
