#!/bin/bash
# gen --replay from the command line: a counterexample of refines replayed
# (text, JSON, dot), one edited to be impossible (exit 2), fault runs.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines

m="$SRC/models/buggy_queue.conc"
opts=(--object ShannQueue --threads 2 --ops 2)
"$GEN" "$m" "${opts[@]}" -o "$tmp/impl.aut" || fail "gen impl"
"$GEN" "$m" "${opts[@]}" --spec -o "$tmp/spec.aut" || fail "gen spec"
"$REFINES" "$tmp/impl.aut" "$tmp/spec.aut" --cex "$tmp/lin.cex" > /dev/null
[ $? = 1 ] || fail "the buggy queue refines its spec"

"$GEN" "$m" "${opts[@]}" --replay "$tmp/lin.cex" --replay-dot "$tmp/heap.dot" > "$tmp/run.txt" || fail "replay exit"
# The run goes to standard output: -o, which names where the LTS goes, is refused.
gen_refuses "-o beside --replay" "write no LTS: drop -o" "$m" "${opts[@]}" --replay "$tmp/lin.cex" -o "$tmp/run.aut"
gen_refuses "-o beside --replay-fault" "write no LTS: drop -o" "$m" "${opts[@]}" --replay-fault -o "$tmp/run.aut"
[ ! -e "$tmp/run.aut" ] || fail "-o beside --replay: the file was written"
tail -1 "$tmp/run.txt" | grep -q "the specification cannot do this" || fail "no refusal on the last row"
tail -1 "$tmp/run.txt" | grep -q "$(tail -1 "$tmp/lin.cex")" || fail "the last row is not the refused action"
grep -q "buggy_queue.conc:[0-9]*  h := Head;" "$tmp/run.txt" || fail "no source line"
grep -q "Head: 0 -> 1" "$tmp/run.txt" || fail "no change shown"
grep -q "^digraph heap" "$tmp/heap.dot" || fail "dot"
grep -q '"Head" \[shape=box, label="Head = 2"\]' "$tmp/heap.dot" || fail "dot: shared variable"
cp "$tmp/lin.cex" "$tmp/keep.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/lin.cex" --replay-dot "$tmp/lin.cex" > /dev/null 2>&1
[ $? = 2 ] && cmp -s "$tmp/lin.cex" "$tmp/keep.cex" || fail "--replay-dot over the counterexample"

# JSON: one object per step; its actions are the counterexample.
"$GEN" "$m" "${opts[@]}" --replay "$tmp/lin.cex" --replay-format json > "$tmp/run.json" || fail "json exit"
python3 - "$tmp/run.json" "$tmp/lin.cex" <<'PY' || fail "json"
import json, sys
steps = json.load(open(sys.argv[1]))
actions = [s["action"] for s in steps if s["action"]]
assert actions == open(sys.argv[2]).read().split(), actions
assert steps[-1]["refused"] is True
assert all(set(s) >= {"thread", "file", "line", "column", "statement", "action", "changes"} for s in steps)
PY

# Impossible: the last return's value changed; other options: fewer operations.
sed '$ s/)$/9)/' "$tmp/lin.cex" > "$tmp/bad.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/bad.cex" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "impossible counterexample: exit"
[ ! -s "$tmp/out" ] || fail "output on exit 2"
grep -q "does not belong to this model and these options" "$tmp/err" || fail "message"
"$GEN" "$m" --object ShannQueue --threads 2 --ops 1 --replay "$tmp/lin.cex" > /dev/null 2>&1
[ $? = 2 ] || fail "replay under --ops 1"
printf 'call(1,deq) x\n' > "$tmp/malformed.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/malformed.cex" 2> "$tmp/err" > /dev/null
[ $? = 2 ] && grep -q "malformed.cex:1:" "$tmp/err" || fail "malformed counterexample"

# refines --lockfree --cex on a plain LTS (row 3, internal steps as i)
# writes the stem and the cycle; the file replays as a lasso.
"$GEN" "$SRC/models/treiber_hp_fu.conc" --object TreiberHPFu --threads 2 --ops 2 -o "$tmp/fu.aut" || fail "gen row 3"
"$REFINES" --lockfree "$tmp/fu.aut" --cex "$tmp/lf.cex" > /dev/null
[ $? = 1 ] && grep -qx "# cycle" "$tmp/lf.cex" || fail "lockfree --cex without its cycle"
"$GEN" "$SRC/models/treiber_hp_fu.conc" --object TreiberHPFu --threads 2 --ops 2 --replay "$tmp/lf.cex" > "$tmp/lf.txt" ||
  fail "lockfree lasso replay exit"
grep -q "the cycle: the steps below repeat forever" "$tmp/lf.txt" || fail "lockfree lasso: no cycle marker"
tail -1 "$tmp/lf.txt" | grep -q "back to the state before step" || fail "lockfree lasso: no return"

# A generated bug through the tools (tests/data/mutants: a counter whose
# increment is a plain write): refines says it does not hold, the replay is
# found and ends with the refused action.
mu="$SRC/tests/data/mutants/counter_nonatomic.conc"
"$GEN" "$mu" --threads 2 --ops 2 -o "$tmp/mu.aut" || fail "gen mutant"
"$GEN" "$mu" --threads 2 --ops 2 --spec -o "$tmp/mus.aut" || fail "gen mutant spec"
"$REFINES" "$tmp/mu.aut" "$tmp/mus.aut" --cex "$tmp/mu.cex" > /dev/null
[ $? = 1 ] || fail "the non-atomic counter refines its spec"
"$GEN" "$mu" --threads 2 --ops 2 --replay "$tmp/mu.cex" > "$tmp/mu.txt" || fail "mutant replay exit"
tail -1 "$tmp/mu.txt" | grep -q "$(tail -1 "$tmp/mu.cex").*the specification cannot do this" || fail "mutant: last row"
grep -q "counter_nonatomic.conc:[0-9]*  H := n;" "$tmp/mu.txt" || fail "mutant: the plain write is not shown"

# A file of several lassos (refines --progress all): one chosen by property.
l="$SRC/tests/frontend/replay/treiber_hp_fu_3.progress"
"$GEN" "$SRC/models/treiber_hp_fu.conc" --object TreiberHPFu --ops 2 --replay "$l" --replay-property wait-free > "$tmp/lasso.txt" ||
  fail "lasso exit"
grep -q "the cycle: the steps below repeat forever" "$tmp/lasso.txt" || fail "no cycle marker"
tail -1 "$tmp/lasso.txt" | grep -q "back to the state before step" || fail "no return to the cycle start"
"$GEN" "$SRC/models/treiber_hp_fu.conc" --object TreiberHPFu --ops 2 --replay "$l" --replay-property nonsense > /dev/null 2>&1
[ $? = 2 ] || fail "unknown property"

# A lasso found on the strong quotient (docs/progress.md allows it) may
# close only after its cycle ran more than once in the model: the test-and-
# set counter's quotient forgets which failed cas thread 1 has taken, so its
# wait-freedom cycle comes back to the same model state after two rounds.
m="$SRC/models/tas_counter.conc"
"$GEN" "$m" -t 2 -n inf --thread-steps | "$QUOTIENT" -e strong - -o "$tmp/tas.aut" || fail "tas strong quotient"
"$REFINES" --progress wait-free "$tmp/tas.aut" --cex "$tmp/tas.lasso" > /dev/null
[ $? = 1 ] || fail "the test-and-set counter is wait-free"
"$GEN" "$m" -t 2 -n inf --thread-steps --replay "$tmp/tas.lasso" > "$tmp/tas.txt" || fail "strong-quotient lasso: no run"
tail -1 "$tmp/tas.txt" | grep -q "back to the state before step" || fail "strong-quotient lasso: no return"

# A fault run ends with the fault; none in a correct model.
"$GEN" "$SRC/models/treiber_stack.conc" --pool 1 --ops 2 --replay-fault > "$tmp/fault.txt" || fail "fault exit"
tail -1 "$tmp/fault.txt" | grep -q "FAULT: out of heap" || fail "fault row"
"$GEN" "$SRC/models/treiber_stack.conc" --replay-fault > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "fault in a correct model"
grep -q "no run of .*treiber_stack.conc with these options reaches a run-time fault" "$tmp/err" || fail "no fault: $(cat "$tmp/err")"
"$GEN" - --replay-fault < "$SRC/models/treiber_stack.conc" > /dev/null 2> "$tmp/err"
grep -q "no run of <stdin> with" "$tmp/err" || fail "no fault, model on stdin: $(cat "$tmp/err")"
echo OK
