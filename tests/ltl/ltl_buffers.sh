#!/bin/bash
# refines --ltl on an LTS with store-buffer labels (gen --memory tso
# --thread-steps, docs/ltl.md "Fairness"): --fairness weak and strong are
# refused with exit 2 (a flush would count as a step of its thread, and
# memory fairness is not modelled), naming a store or flush step;
# --fairness none answers, and the same LTS under sc still takes fairness.
set -u
. "$(dirname "$0")/../frontend/tool_lib.sh" gen refines

m="$SRC/models/peterson_busy.conc"
f='G (call(1,*) -> F ret(1,*))'
"$GEN" "$m" --object PetersonBusy --ops 1 --memory tso --buffer 4 --thread-steps --no-reduce -o "$tmp/tso.aut" \
  2>/dev/null || fail "gen tso"
grep -qE '"step\([0-9],(store|flush)\)"' "$tmp/tso.aut" || fail "no store or flush label"
for fair in weak strong; do
  "$REFINES" --ltl "$f" "$tmp/tso.aut" --fairness "$fair" --cex "$tmp/$fair.cex" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] || fail "--fairness $fair on store-buffer labels: exit $rc, $(cat "$tmp/out" "$tmp/err")"
  grep -q "tso.aut: error: --fairness $fair is not available on an LTS with store-buffer labels (the step step([0-9],\(store\|flush\))" \
    "$tmp/err" || fail "--fairness $fair message: $(cat "$tmp/err")"
  grep -q "memory fairness" "$tmp/err" || fail "--fairness $fair message names no reason: $(cat "$tmp/err")"
  [ ! -s "$tmp/out" ] || fail "--fairness $fair wrote a verdict: $(cat "$tmp/out")"
  [ ! -e "$tmp/$fair.cex" ] || fail "--fairness $fair wrote a counterexample"
done
# --ltl-file too.
printf 'answered: %s\n' "$f" >"$tmp/props.ltl"
"$REFINES" --ltl-file "$tmp/props.ltl" "$tmp/tso.aut" --fairness weak >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "--ltl-file --fairness weak on store-buffer labels accepted"

# --fairness none (and no --fairness) answers: thread 1's call is never
# answered when thread 2 spins on busy (docs/progress.md, "Store buffers").
for none in "--fairness none" ""; do
  "$REFINES" --ltl "$f" "$tmp/tso.aut" $none --cex "$tmp/none.cex" >"$tmp/out" 2>"$tmp/err"
  [ $? = 1 ] || fail "--ltl $none on store-buffer labels: $(cat "$tmp/out" "$tmp/err")"
  grep -q "formula: FAILS" "$tmp/out" || fail "--ltl $none verdict: $(cat "$tmp/out")"
  grep -q '^# cycle' "$tmp/none.cex" || fail "--ltl $none: no lasso"
done

# Under sc the same model has no store or flush label, and fairness is taken.
"$GEN" "$m" --object PetersonBusy --ops 1 --thread-steps --no-reduce -o "$tmp/sc.aut" 2>/dev/null || fail "gen sc"
if grep -qE ',(store|flush)' "$tmp/sc.aut"; then fail "store or flush label under sc"; fi
"$REFINES" --ltl "$f" "$tmp/sc.aut" --fairness weak >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || [ $rc = 1 ] || fail "--fairness weak under sc: exit $rc, $(cat "$tmp/err")"
grep -q "formula: " "$tmp/out" || fail "--fairness weak under sc: no verdict"
echo "ltl_buffers: ok"
