#!/bin/bash
# refines --ltl on a real model: gen | quotient -e divbranching | refines --ltl.
# The Treiber stack at 2 threads x 1 operation: a push of thread 1 always
# returns (it is lock-free and the other thread makes one call), and no
# thread calls for ever (each client makes one call): exit 0, then 1.
set -u
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
"$BIN/gen" "$SRC/models/treiber_stack.conc" -t 2 -n 1 2>/dev/null | "$BIN/quotient" -e divbranching - > "$t/q.aut" 2>/dev/null || exit 1
"$BIN/refines" --ltl 'G (call(1,push,*) -> F ret(1,push))' "$t/q.aut" > "$t/out" || { echo "push should return"; exit 1; }
"$BIN/refines" --ltl-file "$SRC/models/properties/stack.ltl" "$t/q.aut" --cex "$t/cex" > "$t/out"
[ $? = 1 ] || { echo "calls_forever should fail"; exit 1; }
grep -q '^calls_forever: FAILS' "$t/out" || exit 1
grep -q '^# cycle' "$t/cex" || exit 1
"$BIN/refines" --ltl 'G X a' "$t/q.aut" 2> "$t/err"; [ $? = 2 ] || exit 1
grep -q -- '--ltl:3: error: next' "$t/err" || exit 1
"$BIN/refines" --ltl 'F cal(1,*)' "$t/q.aut" 2> /dev/null; [ $? = 2 ] || exit 1
# --fairness needs the thread of every step: the quotient's i steps name none.
"$BIN/refines" --ltl 'F end' --fairness weak "$t/q.aut" 2> "$t/err"; [ $? = 2 ] || exit 1
grep -q 'needs the thread of every step, and the step i from state' "$t/err" || exit 1
# A test-and-set lock, 2 threads calling for ever, full LTS: a call may
# wait for ever without fairness, not under weak fairness per thread
# (docs/progress.md: deadlock-free, not starvation-free).
"$BIN/gen" "$SRC/models/tas_counter.conc" -t 2 -n inf --thread-steps --no-reduce -o "$t/tas.aut" 2>/dev/null || exit 1
"$BIN/refines" --ltl 'G F ret(*)' "$t/tas.aut" > /dev/null; [ $? = 1 ] || { echo "no fairness: a run without returns"; exit 1; }
"$BIN/refines" --ltl 'G F ret(*)' --fairness weak "$t/tas.aut" > /dev/null || { echo "weak: returns for ever"; exit 1; }
"$BIN/refines" --ltl 'G (call(1,*) -> F ret(1,*))' --fairness strong "$t/tas.aut" > /dev/null
[ $? = 1 ] || { echo "strong: thread 1 can still starve"; exit 1; }
"$BIN/refines" --ltl 'G F ret(*)' --fairness fair "$t/tas.aut" 2> /dev/null; [ $? = 2 ] || exit 1
echo ok
