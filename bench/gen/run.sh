#!/bin/bash
# Speed and memory of `gen` on the Treiber stack and the Michael-Scott queue
# with 2 and 3 most general client threads, beside SPIN (Debian package
# `spin`) exploring a Promela model of the same algorithm (full state space:
# -DNOREDUCE, safety only) in the same run.
#
#   bench/gen/run.sh [BUILD_DIR]        default BUILD_DIR: build
#   SPIN_LARGE=1 bench/gen/run.sh       also SPIN with 3 threads (Treiber: about
#                                       5 minutes and 8.5 GB; the MS queue more)
#
# Both explore the full state space on one core: gen with --no-reduce -j 1.
# states/s is per second of processor time (the machine may be shared);
# bytes/state is, for gen, the packed record plus its hash-table entry, and
# for SPIN its "actual memory usage for states" divided by the states stored
# (its hash table and DFS stack are extra; both show in the peak RSS).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
gen=$build/tools/gen
[ -x "$gen" ] || { echo "build gen first: cmake --build $build --target gen" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "command: bench/gen/run.sh $*   ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
printf '\n| %-13s | %s | %s | %-4s | %10s | %11s | %7s | %9s | %11s | %8s |\n' \
  model K N tool states transitions "cpu s" "states/s" "bytes/state" "RSS MB"
echo "|---------------|---|---|------|-----------:|------------:|--------:|----------:|------------:|---------:|"

row() { printf '| %-13s | %s | %s | %-4s | %10s | %11s | %7s | %9s | %11s | %8s |\n' "$@"; }

run_gen() {  # model K N
  local model=$1 k=$2 n=$3
  /usr/bin/time -f '%M' -o "$tmp/rss" "$gen" "$root/models/$model.conc" --threads "$k" --ops "$n" \
    --no-reduce -j 1 --stats -o /dev/null 2> "$tmp/gen.err" || { cat "$tmp/gen.err" >&2; return 1; }
  local line; line=$(grep '^gen:.* s cpu' "$tmp/gen.err")
  local states trans cpu rate bytes
  states=$(sed -E 's/^gen: ([0-9]+) states.*/\1/' <<<"$line")
  trans=$(sed -E 's/.* ([0-9]+) transitions.*/\1/' <<<"$line")
  cpu=$(sed -E 's/.*\(([0-9.]+) s cpu\).*/\1/' <<<"$line")
  rate=$(sed -E 's/.* ([0-9]+) states\/s of cpu.*/\1/' <<<"$line")
  bytes=$(sed -E 's/.* ([0-9.]+) bytes\/state stored.*/\1/' <<<"$line")
  row "$model" "$k" "$n" gen "$states" "$trans" "$cpu" "$rate" "$bytes" "$(( $(cat "$tmp/rss") / 1024 ))"
}

run_spin() {  # model K N
  local model=$1 k=$2 n=$3
  (cd "$tmp" && spin -a -DK="$k" -DN="$n" "$here/$model.pml" > /dev/null &&
     gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM=16384 -w -o pan pan.c) || return 1
  /usr/bin/time -f '%M %U %S' -o "$tmp/rss" "$tmp/pan" -m100000 -w26 > "$tmp/pan.out" 2>&1 || true
  local states trans mem cpu rate bytes
  states=$(awk '/states, stored/ {print $1}' "$tmp/pan.out")
  trans=$(awk '/transitions \(= stored\+matched\)/ {print $1}' "$tmp/pan.out")
  mem=$(awk '/actual memory usage for states/ {print $1}' "$tmp/pan.out")
  cpu=$(awk '{printf "%.3f", $2 + $3}' "$tmp/rss")
  rate=$(awk -v s="$states" -v c="$cpu" 'BEGIN {printf "%.0f", s / (c > 0 ? c : 0.001)}')
  bytes=$(awk -v m="$mem" -v s="$states" 'BEGIN {printf "%.1f", m * 1048576 / s}')
  row "$model" "$k" "$n" spin "$states" "$trans" "$cpu" "$rate" "$bytes" "$(( $(awk '{print $1}' "$tmp/rss") / 1024 ))"
}

for model in treiber_stack ms_queue; do
  for kn in "2 2" "2 3" "3 2"; do
    set -- $kn
    run_gen "$model" "$1" "$2"
    if ! command -v spin > /dev/null; then
      row "$model" "$1" "$2" spin "(no spin)" - - - - -
    elif [ "$1" -ge 3 ] && [ "${SPIN_LARGE:-0}" != 1 ]; then
      row "$model" "$1" "$2" spin "(SPIN_LARGE=1)" - - - - -
    else
      run_spin "$model" "$1" "$2"
    fi
  done
done
