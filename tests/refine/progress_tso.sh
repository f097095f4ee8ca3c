#!/bin/bash
# Progress properties under store buffers from the command line
# (docs/progress.md, "Store buffers"): gen --progress under --memory tso|pso
# and gen --thread-steps | refines --progress give the same verdicts; the
# labels of buffered stores and flushes are hidden by quotient --tau=step;
# the quotient route and inconsistent buffers are refused with exit 2.
set -u
. "$(dirname "$0")/tool_lib.sh"
G="$BIN/gen"
Q="$BIN/quotient"
[ -x "$G" ] && [ -x "$Q" ] || exit 77
M="$SRC/models"

table() { awk '/^  (lock|wait|obstruction|deadlock|starvation)-free/{printf "%s", ($2=="holds")?"Y":"n"}' "$1"; }

# The test-and-set lock (models/tas_counter.conc) at operations for ever:
# deadlock-free only, under sc, tso and pso alike (with memory fairness:
# the release in the holder's buffer reaches memory; tests/refine/
# progress_buffers_test.cpp shows the run that memory fairness excludes).
for m in sc tso pso; do
  "$G" "$M/tas_counter.conc" --ops inf --memory "$m" --progress all >"$T/gen.out" 2>"$T/gen.err"
  [ $? = 1 ] || fail "gen --progress --memory $m: $(cat "$T/gen.out" "$T/gen.err")"
  [ "$(table "$T/gen.out")" = nnnYn ] || fail "tas_counter under $m: $(cat "$T/gen.out")"
  "$G" "$M/tas_counter.conc" --ops inf --memory "$m" --thread-steps -o "$T/tas.aut" 2>/dev/null || fail "gen $m"
  expect_rc 1 --progress all "$T/tas.aut"
  [ "$(table "$T/out")" = nnnYn ] || fail "refines on tas_counter under $m: $(cat "$T/out")"
done
grep -q '"step(1,store)"' "$T/tas.aut" || fail "no step(1,store) label under pso"
grep -q '"step(2,flush)"' "$T/tas.aut" || fail "no step(2,flush) label under pso"

# The labels of stores and flushes are the same bytes for every -j.
cmp -s <("$G" "$M/peterson_busy.conc" --memory pso --buffer 4 --thread-steps -j 1 2>/dev/null) \
       <("$G" "$M/peterson_busy.conc" --memory pso --buffer 4 --thread-steps -j 2 2>/dev/null) ||
  fail "-j 1 and -j 2 differ under pso with --thread-steps"

# Peterson's lock with a critical section that waits for ever when it is
# not alone (models/peterson_busy.conc, argued there): the verdict that
# differs between sc and tso, and the fence that restores it.
check() {
  "$G" "$M/peterson_busy.conc" --object "$1" --ops inf --memory "$2" $3 --progress all >"$T/gen.out" 2>/dev/null
  [ "$(table "$T/gen.out")" = "$4" ] || fail "$1 under $2: $(cat "$T/gen.out")"
}
check PetersonBusy sc "" nnnYY
check PetersonBusy tso "--buffer 4" nnnnn
check PetersonBusyFenced tso "--buffer 4" nnnYY
check PetersonBusyFenced pso "--buffer 4" nnnnn
# Under pso memory fairness is per thread, not per location (docs/
# progress.md); a lasso whose cycle neither stores nor flushes keeps every
# buffer constant, hence empty, on its cycle, and is a run of the machine.
# The pso-only failures above have such lassos.
for o in PetersonBusy PetersonBusyFenced; do
  "$G" "$M/peterson_busy.conc" --object "$o" --ops inf --memory pso --buffer 4 --progress all --cex "$T/$o.txt" \
    >/dev/null 2>&1
  grep -q '^# cycle' "$T/$o.txt" || fail "$o: no lasso"
  if awk '/^# lasso/{c=0} /^# cycle/{c=1; next} c && /,(store|flush)/{found=1} END{exit !found}' "$T/$o.txt"; then
    fail "$o under pso: a lasso's cycle stores or flushes: $(cat "$T/$o.txt")"
  fi
done

# quotient --tau=step hides step(T), step(T,store) and step(T,flush): the
# result is branching bisimilar to the LTS of gen without --thread-steps.
"$G" "$M/treiber_stack.conc" -n 2 --memory tso --thread-steps -o "$T/ts.aut" 2>/dev/null || fail "gen --thread-steps"
grep -q ',flush)"' "$T/ts.aut" || fail "no flush label"
"$Q" --tau=step "$T/ts.aut" -o "$T/ts.q.aut" || fail "quotient --tau=step"
if grep -q 'step(' "$T/ts.q.aut"; then fail "quotient --tau=step left a step label"; fi
"$G" "$M/treiber_stack.conc" -n 2 --memory tso -o "$T/plain.aut" 2>/dev/null || fail "gen"
expect_rc 0 --equiv branching "$T/ts.q.aut" "$T/plain.aut"

# The quotient route refuses buffers: exit 2, and says to use the direct route.
expect_rc 2 --progress all --progress-on quotients "$T/ts.aut"
grep -q "use the direct route" "$T/err" || fail "quotient route message: $(cat "$T/err")"

# Inconsistent buffers: a flush of an empty buffer, named by its state.
cat >"$T/bad.aut" <<'AUT'
des (0, 4, 4)
(0, "call(1,m)", 1)
(1, "step(1,store)", 2)
(2, "step(1,flush)", 3)
(3, "step(1,flush)", 1)
AUT
expect_rc 2 --progress all "$T/bad.aut"
grep -q "step(1,flush) from state 3, where the store buffer of thread 1 is empty" "$T/err" ||
  fail "flush of an empty buffer: $(cat "$T/err")"

# --symmetry stays refused under buffers, also with --progress.
"$G" "$M/treiber_stack.conc" --memory tso --symmetry --progress all >/dev/null 2>"$T/err"
[ $? = 2 ] || fail "gen --symmetry --memory tso --progress accepted"
grep -q "symmetry is not available with --memory tso" "$T/err" || fail "symmetry message: $(cat "$T/err")"
echo "progress_tso: ok"
