#!/usr/bin/env bash
# The weak-memory case studies (docs/memory-models.md, "Case studies") at
# the bounds of tests/frontend/memory_cases.sh and some larger ones: for
# each object, the states and the time of `gen` under sc, tso and pso (the
# same threads, operations and values; --buffer under tso and pso), the
# branching quotient's states, and the verdict of `refines` against the
# specification (lin.: linearizable at these bounds; not; fault: a run-time
# fault such as a full buffer; time: over LIMIT).
#
#   bash bench/tso.sh [CASE...]     (default: every case below; a CASE is a
#                                    word of the row's model file name)
#   BIN=DIR  where gen, quotient and refines are (default build/tools)
#   LIMIT=S  seconds allowed for one gen run (default 600)
#
# Prints a Markdown table on stdout. Times are gen's own wall clock (-v),
# with gen's default -j (the machine's hardware threads); under sc gen
# applies its partial-order reduction, which is off under tso and pso
# (docs/memory-models.md, "What is switched off"), so the sc column is the
# reduced LTS, and the quotients are comparable, the states not quite.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
limit=${LIMIT:-600}
. "$root/bench/common/lib.sh"
bench_setup tso.sh "bash bench/tso.sh $*"

# model | object | specification options | bounds | buffer
rows=(
  "chase_lev_deque|ChaseLev|--object ChaseLevSpec|-t 2 -n 3|6"
  "chase_lev_deque|ChaseLevFenced|--object ChaseLevSpec|-t 2 -n 3|6"
  "the_deque|The|--object TheSpec|-t 2 -n 2|4"
  "the_deque|TheFenced|--object TheSpec|-t 2 -n 2|4"
  "the_deque|TheFencedBoth|--object TheSpec|-t 2 -n 2|4"
  "the_deque|TheFencedPso|--object TheSpec|-t 2 -n 2|4"
  "the_deque|TheFencedBoth|--object TheSpec|-t 2 -n 3|6"
  "the_deque|TheFencedBoth|--object TheSpec|-t 3 -n 2|4"
  "dekker_counter|Dekker|--spec|-t 2 -n 1|6"
  "dekker_counter|DekkerFencedFirst|--spec|-t 2 -n 1|6"
  "dekker_counter|DekkerFencedFirst|--spec|-t 2 -n 2|6"
  "dekker_counter|DekkerFenced|--spec|-t 2 -n 2|6"
  "dekker_counter|DekkerFencedPso|--spec|-t 2 -n 2|6"
  "dekker_counter|DekkerFencedPso|--spec|-t 2 -n inf|6"
  "peterson_counter|PetersonCounter|--spec|-t 2 -n 2|8"
  "peterson_fenced|PetersonFenced|--spec|-t 2 -n 2|4"
  "peterson_fenced|PetersonFencedPso|--spec|-t 2 -n 2|4"
  "peterson_fenced|PetersonFencedPso|--spec|-t 2 -n inf|4"
  "fast_mutex_counter|FastMutexCounter|--spec|-t 2 -n 1|10"
  "fast_mutex_counter|FastMutexCounterFenced|--spec|-t 2 -n 2|6"
  "fast_mutex_counter|FastMutexCounterFencedPso|--spec|-t 2 -n 2|6"
  "fast_mutex_counter|FastMutexCounterFenced|--spec|-t 3 -n 1|6"
  "fast_mutex_counter|FastMutexCounterFencedPso|--spec|-t 3 -n 1|6"
  "fast_mutex_counter|FastMutexCounterFencedPso|--spec|-t 2 -n inf|6"
  "fast_mutex_counter|FastMutexCounterFencedPso|--spec|-t 3 -n inf|6"
  "seqlock_register|SeqLockRegister|--spec|-t 2 -n 1|4"
  "seqlock_register|SeqLockRegisterFenced|--spec|-t 2 -n 2|4"
  "seqlock_register|SeqLockRegisterFencedPso|--spec|-t 2 -n 2|4"
  "seqlock_register|SeqLockRegisterFencedPso|--spec|-t 2 -n 3|4"
  "message_passing|MessagePassing|--spec|-t 2 -n 2|2"
  "message_passing|MessagePassingFenced|--spec|-t 2 -n 2|2"
  "clh_counter|ClhCounter|--spec|-t 2 -n 2|4"
  "clh_counter|ClhCounterFenced|--spec|-t 2 -n 2|4"
  "clh_counter|ClhCounter|--spec|-t 3 -n inf|4"
  "clh_counter|ClhCounterFenced|--spec|-t 3 -n inf|4"
  "mcs_counter|McsCounter|--spec|-t 2 -n 2|4"
  "mcs_counter|McsCounterFenced|--spec|-t 2 -n 2|4"
  "mcs_counter|McsCounter|--spec|-t 3 -n 1|4"
  "mcs_counter|McsCounterFenced|--spec|-t 3 -n inf|4"
  "treiber_stack|TreiberStack|--spec|-t 2 -n 2|2"
  "treiber_stack|TreiberStack|--spec|-t 3 -n 1|2"
  "ms_queue|MSQueue|--spec|-t 2 -n 2|2"
  "ms_queue|MSQueue|--spec|-t 3 -n 1|2"
)

# one MODEL OBJECT SPEC BOUNDS MEMORY-OPTIONS...: prints "STATES SECONDS QUOTIENT VERDICT"
one() {
  local model=$1 object=$2 spec=$3 bounds=$4; shift 4
  local states secs q verdict rc
  # shellcheck disable=SC2086
  timeout "$limit" "$bin/gen" "$model" --object "$object" $bounds "$@" -v -o "$tmp/impl.aut" 2> "$tmp/err"
  rc=$?
  if [ $rc != 0 ]; then
    [ $rc = 124 ] && echo "- - - time" || echo "- - - fault"
    return
  fi
  read -r states secs < <(sed -n 's/^gen: \([0-9]*\) states, .* states explored, \([0-9.]*\) s (.*/\1 \2/p' "$tmp/err")
  "$bin/quotient" "$tmp/impl.aut" -o "$tmp/impl.q.aut"
  q=$(head -1 "$tmp/impl.q.aut" | cut -d, -f3 | tr -d ')')
  "$bin/refines" "$tmp/impl.q.aut" "$spec" > /dev/null
  case $? in 0) verdict=lin. ;; 1) verdict=not ;; *) verdict=error ;; esac
  echo "$states $secs $q $verdict"
}

echo "| model | object | bounds | buffer | sc states | sc s | tso states | tso s | pso states | pso s | quotient sc / tso / pso | sc | tso | pso |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|"
for r in "${rows[@]}"; do
  IFS='|' read -r m object specopts bounds buf <<< "$r"
  if [ $# -gt 0 ]; then
    hit=0
    for c in "$@"; do case $m in *"$c"*) hit=1 ;; esac; done
    [ $hit = 1 ] || continue
  fi
  model="$root/models/$m.conc"
  # shellcheck disable=SC2086
  "$bin/gen" "$model" $specopts $bounds -o "$tmp/spec.aut" 2> "$tmp/err" ||
    { echo "$m: the specification fails: $(head -1 "$tmp/err")" >&2; continue; }
  read -r s_n s_t s_q s_v < <(one "$model" "$object" "$tmp/spec.aut" "$bounds")
  read -r t_n t_t t_q t_v < <(one "$model" "$object" "$tmp/spec.aut" "$bounds" --memory tso --buffer "$buf")
  read -r p_n p_t p_q p_v < <(one "$model" "$object" "$tmp/spec.aut" "$bounds" --memory pso --buffer "$buf")
  echo "| $m | $object | $bounds | $buf | $s_n | $s_t | $t_n | $t_t | $p_n | $p_t | $s_q / $t_q / $p_q | $s_v | $t_v | $p_v |"
done
