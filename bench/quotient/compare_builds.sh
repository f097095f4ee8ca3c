#!/usr/bin/env bash
# Two (or more) builds of `quotient` on one file, runs interleaved so that
# the machine's drift hits them alike: the minimum and the median of each
# phase time of `quotient -v` (read, reach, scc, refine, build, write,
# total) per binary.
# For measuring a change: its figures go in the commit message.
#
#   bash bench/quotient/compare_builds.sh RUNS EQUIVALENCE FILE QUOTIENT...
# e.g. bash bench/quotient/compare_builds.sh 4 branching reg5.aut /tmp/old/quotient build/tools/quotient
set -euo pipefail
[ $# -ge 4 ] || { sed -n 2,9p "$0" >&2; exit 2; }
runs=$1 equivalence=$2 file=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for _ in $(seq "$runs"); do
  for k in $(seq $#); do
    binary=${!k}
    "$binary" -v -e "$equivalence" "$file" -o "$dir/out.aut" 2> "$dir/v"
    awk -v k="$k" '$2 == "read" || $2 == "reach" || $2 == "scc" || $2 == "refine" || $2 == "build" || $2 == "write" || $2 == "total" {print k, $2, $3}' \
      "$dir/v" >> "$dir/times"
  done
done
echo "command: bash bench/quotient/compare_builds.sh $runs $equivalence $file $*  ($(date -u +%Y-%m-%dT%H:%MZ))"
k=0
for binary in "$@"; do
  k=$((k + 1))
  for phase in read reach scc refine build write total; do
    awk -v k="$k" -v p="$phase" '$1 == k && $2 == p {print $3}' "$dir/times" | sort -n |
      awk -v b="$binary" -v p="$phase" '{v[NR] = $1} END {
        if (NR > 0) printf "%-40s %-7s min %7.3f  median %7.3f  (%d runs)\n", b, p, v[1], v[int((NR + 1) / 2)], NR }'
  done
done
