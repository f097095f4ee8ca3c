#!/bin/bash
# The reduction keeps the quotients (docs/reduction.md): on every model of
# models/ at 2x2, 2x3 and 3x1, `gen | quotient -e E` with and without
# --no-reduce give isomorphic LTSs for E = divbranching and branching (two
# minimal LTSs are isomorphic iff they are strongly bisimilar and have equal
# numbers of states and transitions). A model with a reachable run-time fault
# fails (exit 2) either way. Configurations beyond 100,000 states (300,000
# with BB_LONG=1, scripts/full-check.sh --long) are left out; the
# hand-made models of tests/frontend/models/reduction_*.conc are run the
# same way.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines

# same_quotients MODEL THREADS OPS: 0 checked, 1 skipped (too large)
same_quotients() {
  local m=$1 t=$2 n=$3 name
  name="$(basename "$m" .conc) ${t}x$n"
  "$BIN/gen" "$m" -t "$t" -n "$n" --no-reduce --max-states "$sweep_max_states" -o "$tmp/full.aut" 2> "$tmp/err.full"
  local rc_full=$?
  if [ $rc_full -ne 0 ] && grep -q "max-states" "$tmp/err.full"; then return 1; fi
  "$BIN/gen" "$m" -t "$t" -n "$n" -o "$tmp/red.aut" 2> "$tmp/err.red"
  local rc_red=$?
  [ $rc_full = $rc_red ] || fail "$name: exit $rc_full without reduction, $rc_red with it: $(cat "$tmp/err.red")"
  if [ $rc_full -ne 0 ]; then
    [ $rc_full = 2 ] || fail "$name: exit $rc_full"
    grep -q "error" "$tmp/err.red" || fail "$name: reduced run fails without a message"
    return 0
  fi
  local full red
  full=$(head -1 "$tmp/full.aut" | cut -d, -f3 | tr -d ')')
  red=$(head -1 "$tmp/red.aut" | cut -d, -f3 | tr -d ')')
  [ "$red" -le "$full" ] || fail "$name: the reduced LTS has more states ($red) than the full one ($full)"
  for e in divbranching branching; do
    "$BIN/quotient" -e $e "$tmp/full.aut" -o "$tmp/full.q.aut" || fail "$name: quotient -e $e (full)"
    "$BIN/quotient" -e $e "$tmp/red.aut" -o "$tmp/red.q.aut" || fail "$name: quotient -e $e (reduced)"
    [ "$(head -1 "$tmp/full.q.aut" | cut -d, -f2-)" = "$(head -1 "$tmp/red.q.aut" | cut -d, -f2-)" ] ||
      fail "$name: -e $e quotients differ in size: $(head -1 "$tmp/full.q.aut") vs $(head -1 "$tmp/red.q.aut")"
    "$BIN/refines" --equiv strong "$tmp/full.q.aut" "$tmp/red.q.aut" > "$tmp/out" ||
      fail "$name: -e $e quotients are not isomorphic: $(head -5 "$tmp/out")"
  done
  echo "$name: $full -> $red states"
  return 0
}

checked=0
for m in "$SRC"/models/*.conc "$SRC"/tests/frontend/models/reduction_*.conc; do
  [ -e "$m" ] || continue
  for tn in "2 2" "2 3" "3 1"; do
    set -- $tn
    same_quotients "$m" "$1" "$2" && checked=$((checked + 1))
  done
done
[ $checked -ge 60 ] || fail "only $checked configurations checked"

# A reachable fault is found with the reduction too: livelock_counter at 3x1
# overflows its counter (exit 2 and the message of the full run).
"$BIN/gen" "$SRC/models/livelock_counter.conc" -t 3 -n 1 -o "$tmp/x.aut" 2> "$tmp/err"
[ $? = 2 ] || fail "livelock_counter 3x1: a fault should fail gen with exit 2"
grep -q "note: a run that reaches it" "$tmp/err" || fail "livelock_counter 3x1: no run to the fault: $(cat "$tmp/err")"
[ ! -e "$tmp/x.aut" ] || fail "partial output after a fault"

# The hand-made models, verdicts argued in their comments.
M="$SRC/tests/frontend/models"
states() { head -1 "$1" | cut -d, -f3 | tr -d ')'; }
for m in spin publish lock; do
  "$BIN/gen" "$M/reduction_$m.conc" -t 2 -n 2 --no-reduce -o "$tmp/full.aut" || fail "$m full"
  "$BIN/gen" "$M/reduction_$m.conc" -t 2 -n 2 -o "$tmp/red.aut" || fail "$m reduced"
  [ "$(states "$tmp/red.aut")" -lt "$(states "$tmp/full.aut")" ] || fail "$m: nothing reduced"
done
# spin: the divergence of one thread's private loop survives the reduction.
"$BIN/gen" "$M/reduction_spin.conc" -t 2 -n 1 | "$BIN/quotient" -e divbranching - | "$BIN/refines" --lockfree - > /dev/null
[ $? = 1 ] || fail "spin: the reduced LTS should not be lock-free (a private divergence)"
# pool: the fault is reached only if the step that frees a cell is not taken alone.
"$BIN/gen" "$M/reduction_pool.conc" -t 2 -n 1 -o "$tmp/x.aut" 2> "$tmp/err"
[ $? = 2 ] || fail "pool: the out-of-heap fault was missed with the reduction"
grep -q "out of heap" "$tmp/err" || fail "pool: $(cat "$tmp/err")"

# With --thread-steps the reduction takes only steps that run forward
# alone (docs/reduction.md, "--thread-steps"): on every model of models/ at
# 2x2, 3x1 and 2xinf (up to the same bound of full states) the five
# progress verdicts are those of the full LTS, and a run-time fault of the
# full LTS is one of the reduced LTS too (exit 2, no output), except that
# an exhausted pool may suffice once dead locals are reset (docs/reduction.md, "Dead locals").
progress_table() { "$BIN/refines" --progress all "$1" | sed -n 2,7p; }  # the verdicts, not the lassos
compared=0 faults=0
for m in "$SRC"/models/*.conc; do
  for tn in "2 2" "3 1" "2 inf"; do
    set -- $tn
    name="$(basename "$m" .conc) ${1}x$2 --thread-steps"
    rm -f "$tmp/a.aut"
    if ! "$BIN/gen" "$m" -t "$1" -n "$2" --thread-steps --no-reduce --max-states "$sweep_max_states" -o "$tmp/b.aut" 2> "$tmp/err"; then
      grep -q "max-states" "$tmp/err" && continue  # too large
      "$BIN/gen" "$m" -t "$1" -n "$2" --thread-steps --max-states "$sweep_max_states" -o "$tmp/a.aut" 2> "$tmp/err.red"
      rc=$?
      if [ $rc = 0 ] && grep -q "out of heap" "$tmp/err"; then continue; fi
      [ $rc = 2 ] && grep -q "error" "$tmp/err.red" && ! grep -q "max-states" "$tmp/err.red" ||
        fail "$name: the full LTS has a fault ($(head -1 "$tmp/err")), the reduced run exits $rc: $(head -1 "$tmp/err.red")"
      [ ! -e "$tmp/a.aut" ] || fail "$name: partial output after a fault"
      faults=$((faults + 1))
      continue
    fi
    "$BIN/gen" "$m" -t "$1" -n "$2" --thread-steps -o "$tmp/a.aut" || fail "$name: the reduced run fails"
    [ "$(states "$tmp/a.aut")" -le "$(states "$tmp/b.aut")" ] || fail "$name: the reduced LTS is larger"
    [ "$(progress_table "$tmp/a.aut")" = "$(progress_table "$tmp/b.aut")" ] ||
      fail "$name: progress verdicts differ: $(progress_table "$tmp/a.aut") against $(progress_table "$tmp/b.aut")"
    compared=$((compared + 1))
  done
done
[ $compared -ge 40 ] || fail "only $compared --thread-steps configurations compared"
[ $faults -ge 5 ] || fail "only $faults --thread-steps configurations with a fault compared"
"$BIN/gen" "$SRC/models/filter_counter.conc" -t 3 -n inf --thread-steps -o "$tmp/a.aut"
"$BIN/gen" "$SRC/models/filter_counter.conc" -t 3 -n inf --thread-steps --no-reduce -o "$tmp/b.aut"
[ "$(states "$tmp/a.aut")" -lt "$(states "$tmp/b.aut")" ] || fail "filter_counter 3xinf: nothing reduced under --thread-steps"
echo "$checked configurations, $compared with --thread-steps, and $faults more with a fault"
