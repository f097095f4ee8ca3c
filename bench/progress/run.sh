#!/usr/bin/env bash
# `refines --progress all` on the input (the default; "input s") and on
# quotients (--progress-on quotients; "quotients s"), against one branching
# quotient of the same LTS (steps hidden, as for the linearizability check;
# "branching s"), each tool reading the file:
#   bash bench/progress/run.sh           (BUILD=DIR to use a built tree)
# LTSs from bench/progress/make_thread_lts.cpp: K threads incrementing a
# counter mod V for ever, with a CAS retry loop (cas) or a test-and-set
# lock (lock), every internal step labelled step(T).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
[ -n "${BUILD:-}" ] || bash scripts/build.sh >/dev/null
make=$build/bench/progress/make_thread_lts
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

seconds() {  # seconds CMD...: wall time of CMD; its exit status 0 or 1 is fine
  local start end
  start=$(date +%s.%N)
  "$@" >"$dir/out" 2>"$dir/err" || [ $? = 1 ] || { cat "$dir/err"; exit 1; }
  end=$(date +%s.%N)
  awk "BEGIN { printf \"%.2f\", $end - $start }"
}

echo "command: ${BUILD:+BUILD=$BUILD }bash bench/progress/run.sh   (wall seconds, each tool reading the .aut itself; $(nproc) cores)"
printf '%-12s %10s %12s %12s %10s %7s %12s %8s  %s\n' LTS states transitions "branching s" "input s" ratio \
  "quotients s" "q/input" "verdicts (lock wait obstruction deadlock starvation)"
for row in "cas 5 6" "lock 7 3" ${EXTRA:-}; do
  set -- $row
  aut=$dir/$1-$2-$3.aut
  "$make" "$1" "$2" "$3" >"$aut"
  read -r states transitions < <(head -1 "$aut" | sed 's/des (0, \([0-9]*\), \([0-9]*\))/\2 \1/')
  q=$(seconds "$build/tools/quotient" --tau=step -e branching "$aut" -o "$dir/q.aut")
  p=$(seconds "$build/tools/refines" --progress all "$aut")
  verdicts=$(awk '/^  (lock|wait|obstruction|deadlock|starvation)/ { printf "%s ", ($2 == "holds" ? "yes" : "no") }' "$dir/out")
  cp "$dir/out" "$dir/direct.out"
  pq=$(seconds "$build/tools/refines" --progress all --progress-on quotients "$aut")
  cmp -s "$dir/out" "$dir/direct.out" || { echo "the two routes print differently on $row"; exit 1; }
  printf '%-12s %10s %12s %12s %10s %7s %12s %8s  %s\n' "$1 $2 $3" "$states" "$transitions" "$q" "$p" \
    "$(awk "BEGIN { printf \"%.1fx\", $p / $q }")" "$pq" "$(awk "BEGIN { printf \"%.2fx\", $pq / $p }")" "$verdicts"
done
