#!/usr/bin/env bash
# Trace inclusion throughput (product states per second) and peak memory of
# `refines` on generated pairs, with and without antichains, and the
# quotient + refines route on the same object systems.
#   bash bench/refine/run.sh            (BUILD=DIR to use a built tree)
# Families (bench/refine/make_refine_pair.cpp):
#   blowup N M    SPEC's subset construction has 2^(N+1) subsets; antichains need ~M pairs
#   counter T K V T threads x K increments of a shared counter: cas (linearizable),
#                 racy (not linearizable) against the atomic spec; lock (not lock-free)
# and, when gen is built, five rows of the seed paper's Table 1 (models/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
[ -n "${BUILD:-}" ] || bash scripts/build.sh >/dev/null
gen=$build/bench/refine/make_refine_pair
bench=$build/bench/refine/refine_bench
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Floating-point arithmetic without bc.
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# check LABEL IMPL SPEC [--no-antichains]: one row; "plain" is the subset
# construction without antichain pruning.
check() {
  local label=$1 impl=$2 spec=$3 flag=${4:-}
  local n search=antichains
  [ -z "$flag" ] || search=plain
  n=$(head -1 "$impl" | sed 's/.*,[ ]*\([0-9]*\))/\1/')
  if ! out=$(timeout "${LIMIT:-60}" "$bench" "$impl" "$spec" $flag); then
    printf '%-30s %-12s %10s %8s %12s %12s %10s %9s\n' "$label" "$search" "$n" "-" "-" "-" ">${LIMIT:-60}" "-"
    return
  fi
  read -r verdict product subsets secs kib <<<"$out"
  printf '%-30s %-12s %10s %8s %12s %12.0f %10.4f %9.1f\n' "$label" "$search" "$n" "$verdict" "$product" \
    "$(calc "$product / ($secs + 0.000001)")" "$secs" "$(calc "$kib / 1024")"
}

echo "command: bash bench/refine/run.sh   ($(nproc) cores; seconds exclude reading the files; MB is the peak RSS of the process)"
printf '%-30s %-12s %10s %8s %12s %12s %10s %9s\n' "pair" "search" "IMPL states" "verdict" "product st." "states/s" "seconds" "peak MB"
for n in 10 14 18 22; do
  "$gen" blowup "$n" 1000 impl >"$dir/bi.aut"
  "$gen" blowup "$n" 1000 spec >"$dir/bs.aut"
  check "blowup N=$n M=1000" "$dir/bi.aut" "$dir/bs.aut"
  check "blowup N=$n M=1000" "$dir/bi.aut" "$dir/bs.aut" --no-antichains
done
for tk in "3 3" "3 4" "4 2"; do
  set -- $tk
  "$gen" counter "$1" "$2" spec >"$dir/spec.aut"
  for v in cas racy; do
    "$gen" counter "$1" "$2" "$v" >"$dir/impl.aut"
    check "counter ${1}x$2 $v (raw)" "$dir/impl.aut" "$dir/spec.aut"
    check "counter ${1}x$2 $v (raw)" "$dir/impl.aut" "$dir/spec.aut" --no-antichains
    # The quotient + refines route: both sides reduced modulo branching bisimulation first.
    start=$(date +%s.%N)
    "$build"/tools/quotient "$dir/impl.aut" -o "$dir/impl.q.aut"
    "$build"/tools/quotient "$dir/spec.aut" -o "$dir/spec.q.aut"
    q=$(calc "$(date +%s.%N) - $start")
    check "counter ${1}x$2 $v (quotients)" "$dir/impl.q.aut" "$dir/spec.q.aut"
    printf '%-30s %-12s %10s   (both quotients: %.3f s, including reading and writing)\n' "" "quotient" \
      "$(head -1 "$dir/impl.q.aut" | sed 's/.*,[ ]*\([0-9]*\))/\1/')" "$q"
  done
done

echo
echo "lock-freedom: refines --lockfree on a spin-lock counter (a reachable tau self-loop), raw and divbranching quotient"
printf '%-30s %10s %8s %10s\n' "LTS" "states" "verdict" "seconds"
for tk in "3 3" "4 2"; do
  set -- $tk
  "$gen" counter "$1" "$2" lock >"$dir/lock.aut"
  "$build"/tools/quotient -e divbranching "$dir/lock.aut" -o "$dir/lock.dq.aut"
  for f in lock.aut lock.dq.aut; do
    start=$(date +%s.%N)
    rc=0; "$build"/tools/refines --lockfree "$dir/$f" >/dev/null || rc=$?
    t=$(calc "$(date +%s.%N) - $start")
    [ "$rc" = 1 ] && verdict=fails || verdict=holds
    printf '%-30s %10s %8s %10.3f\n' "counter ${1}x$2 $f" "$(head -1 "$dir/$f" | sed 's/.*,[ ]*\([0-9]*\))/\1/')" "$verdict" "$t"
  done
done

# The seed paper's case studies (models/, bench/table1.sh --quick bounds):
# refines on the raw object systems against refines on their quotients.
if [ -x "$build/tools/gen" ]; then
  echo
  echo "case studies (bench/table1.sh --quick): trace inclusion on raw LTSs and on branching quotients"
  printf '%-6s %10s %10s %8s %12s %10s %12s %10s %12s\n' "row" "IMPL st." "SPEC st." "verdict" "raw prod." "raw s" \
    "quot. prod." "quot. s" "quotient s"
  BIN=$build/tools bash bench/table1.sh --quick --only 7,10,15,16,9-1 --keep "$dir/cases" >/dev/null 2>&1 || true
  for id in 7 10 15 16 9-1; do
    c=$dir/cases/$id
    [ -f "$c/spec.q.aut" ] || continue
    read -r verdict product _ secs _ < <("$bench" "$c/impl.aut" "$c/spec.aut")
    read -r _ qproduct _ qsecs _ < <("$bench" "$c/impl.q.aut" "$c/spec.q.aut")
    start=$(date +%s.%N)
    "$build"/tools/quotient "$c/impl.aut" -o "$dir/q1.aut"
    "$build"/tools/quotient "$c/spec.aut" -o "$dir/q2.aut"
    q=$(calc "$(date +%s.%N) - $start")
    printf '%-6s %10s %10s %8s %12s %10.4f %12s %10.4f %12.3f\n' "$id" \
      "$(head -1 "$c/impl.aut" | sed 's/.*,[ ]*\([0-9]*\))/\1/')" "$(head -1 "$c/spec.aut" | sed 's/.*,[ ]*\([0-9]*\))/\1/')" \
      "$verdict" "$product" "$secs" "$qproduct" "$qsecs" "$q"
  done
fi
