#!/usr/bin/env bash
# Reading throughput of the .aut reader against `wc -l` (the I/O floor) on a
# generated file, and memory per transition once loaded.
#   bash bench/read/run.sh [TRANSITIONS]     (default 10^7)
# Needs bc (Debian package bc).
set -euo pipefail
cd "$(dirname "$0")/../.."
m=${1:-10000000}
n=$((m / 5))
# BUILD=DIR uses an existing build directory instead of building build/.
build=${BUILD:-build}
[ -n "${BUILD:-}" ] || bash scripts/build.sh >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file=$dir/random.aut
"$build"/bench/make_aut --states "$n" --transitions "$m" --labels 20 --tau 0.3 --call-labels > "$file"
bytes=$(stat -c %s "$file")
cat "$file" > /dev/null  # warm the page cache for both readers

# The best of three runs each, to damp noise from other processes.
wc_s=999 secs=999
for run in 1 2 3; do
  start=$(date +%s.%N); wc -l "$file" > /dev/null; end=$(date +%s.%N)
  wc_s=$(echo "t = $end - $start; if (t < $wc_s) t else $wc_s" | bc -l)
  read -r s count peak_kib before_kib held < <("$build"/bench/read/read_aut_bench "$file")
  secs=$(echo "if ($s < $secs) $s else $secs" | bc -l)
done

echo "command: bash bench/read/run.sh $m   (best of 3 runs; $(nproc) cores)"
echo "file: $m transitions, $n states, $((bytes / 1000000)) MB"
printf '%-28s %10s %10s %14s\n' "reader" "seconds" "MB/s" "transitions/s"
printf '%-28s %10.3f %10.0f %14s\n' "wc -l (I/O floor)" "$wc_s" "$(echo "$bytes / $wc_s / 1000000" | bc -l)" "-"
printf '%-28s %10.3f %10.0f %14.0f\n' "read_aut_file" "$secs" "$(echo "$bytes / $secs / 1000000" | bc -l)" \
  "$(echo "$count / $secs" | bc -l)"
printf 'ratio read_aut_file / wc -l: %.2f (aim: at most 3)\n' "$(echo "$secs / $wc_s" | bc -l)"
printf 'held in memory once loaded: %.1f bytes/transition (aim: at most 16)\n' "$(echo "$held / $count" | bc -l)"
printf 'peak RSS of the process: %.1f bytes/transition\n' "$(echo "($peak_kib - $before_kib) * 1024 / $count" | bc -l)"
