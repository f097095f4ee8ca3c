#!/bin/bash
# gen as a tool: options, exit codes, -o, and the .aut it writes.
set -u
. "$(dirname "$0")/tool_lib.sh" gen

"$GEN" --help | grep -q -- "--spec" || fail "--help lacks --spec"
"$GEN" --version | grep -q "gen" || fail "--version"

"$GEN" "$SRC/models/treiber_stack.conc" --threads 2 --ops 2 -o "$tmp/impl.aut" || fail "treiber"
head -1 "$tmp/impl.aut" | grep -q '^des (0,' || fail "header"
grep -q '"call(1,push,1)"' "$tmp/impl.aut" || fail "call label"
grep -q '"ret(2,pop,empty)"' "$tmp/impl.aut" || fail "ret label"
"$GEN" "$SRC/models/treiber_stack.conc" --threads 2 --ops 2 > "$tmp/impl2.aut" || fail "stdout"
cmp -s "$tmp/impl.aut" "$tmp/impl2.aut" || fail "stdout and -o differ"
"$GEN" "$SRC/models/treiber_stack.conc" --threads 2 --ops 2 --tau-name tau | grep -q ',tau,' || fail "--tau-name"

# --spec of the Treiber stack has the size of the hand-written stack spec.
"$GEN" "$SRC/models/treiber_stack.conc" --threads 2 --ops 2 --spec -o "$tmp/spec.aut" || fail "spec"
"$GEN" "$SRC/models/stack_spec.conc" --threads 2 --ops 2 -o "$tmp/stack.aut" || fail "stack spec"
[ "$(head -1 "$tmp/spec.aut")" = "$(head -1 "$tmp/stack.aut")" ] || fail "spec sizes differ"

# --values, --object, reading the model from stdin.
"$GEN" "$SRC/models/stack_spec.conc" --object Stack --values 1..3 --ops 1 --threads 1 | grep -q 'call(1,push,3)' || fail "--values"
"$GEN" - --threads 1 < "$SRC/models/stack_spec.conc" | grep -q 'ret(1,pop,empty)' || fail "stdin"

# Errors: exit 2, a located message, no output file.
echo 'object O { method m() { x := y; } }' > "$tmp/bad.conc"
"$GEN" "$tmp/bad.conc" -o "$tmp/bad.aut" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] || fail "exit status $rc on a bad model"
grep -q "bad.conc:1:30: error: undeclared name 'y'" "$tmp/err" || fail "diagnostic: $(cat "$tmp/err")"
[ ! -e "$tmp/bad.aut" ] || fail "partial output left behind"
"$GEN" "$SRC/models/treiber_stack.conc" --max-states 50 -o "$tmp/big.aut" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] || fail "--max-states exit status $rc"
grep -q "max-states 50" "$tmp/err" || fail "--max-states message"
[ ! -e "$tmp/big.aut" ] || fail "partial output after --max-states"
"$GEN" "$SRC/models/treiber_stack.conc" --ops x 2>/dev/null; [ $? -eq 2 ] || fail "--ops x"
"$GEN" "$SRC/models/treiber_stack.conc" --object Nope 2>/dev/null; [ $? -eq 2 ] || fail "--object Nope"
"$GEN" "$tmp/missing.conc" 2>/dev/null; [ $? -eq 2 ] || fail "missing file"
# --pool overrides the model's pool: one node cannot hold two pushes (an
# error, not a blocked run); two can, and give the same LTS as the model's 6.
"$GEN" "$SRC/models/treiber_stack.conc" --threads 1 --ops 2 --pool 1 2> "$tmp/err" > /dev/null; rc=$?
[ $rc -eq 2 ] || fail "--pool 1: exit $rc"
grep -q "out of heap: all 1 nodes of 'Node' are in use" "$tmp/err" || fail "--pool 1 message: $(head -1 "$tmp/err")"
"$GEN" "$SRC/models/treiber_stack.conc" --threads 1 --ops 2 --pool 2 > "$tmp/pool2.aut" || fail "--pool 2"
"$GEN" "$SRC/models/treiber_stack.conc" --threads 1 --ops 2 > "$tmp/pool6.aut" || fail "default pool"
cmp -s "$tmp/pool2.aut" "$tmp/pool6.aut" || fail "--pool 2 and the model's pool 6 differ for 1 thread x 2 ops"
# With refines (refine/): the derived spec and the hand-written one are
# trace-equivalent, the Treiber stack refines it, the racy stack does not.
if [ -x "$REFINES" ]; then
  "$REFINES" "$tmp/spec.aut" "$tmp/stack.aut" > /dev/null || fail "refines derived spec <= Stack"
  "$REFINES" "$tmp/stack.aut" "$tmp/spec.aut" > /dev/null || fail "refines Stack <= derived spec"
  "$REFINES" "$tmp/impl.aut" "$tmp/stack.aut" > /dev/null || fail "refines Treiber <= Stack"
  "$GEN" "$SRC/tests/frontend/models/racy_stack.conc" --threads 2 --ops 2 -o "$tmp/racy.aut" || fail "racy"
  "$REFINES" "$tmp/racy.aut" "$tmp/stack.aut" > /dev/null; rc=$?
  [ $rc -eq 1 ] || fail "refines racy stack: exit $rc, expected 1"
fi

# --thread-steps: every internal step is step(T), nothing is 'i'; with
# --no-reduce the LTS is the plain full one relabelled; hiding step
# (quotient --tau=step) gives back the plain LTS's quotient, with and
# without --spec, and with and without the reset of dead locals (the one
# reduction kept under --thread-steps). Waiting on a lock is a self-loop step(T).
for mode in "" --spec; do
  "$GEN" "$SRC/models/two_lock_queue.conc" --threads 2 --ops 2 $mode --thread-steps -o "$tmp/ts.aut" || fail "--thread-steps $mode"
  "$GEN" "$SRC/models/two_lock_queue.conc" --threads 2 --ops 2 $mode --thread-steps --no-reduce -o "$tmp/tsfull.aut" ||
    fail "--thread-steps --no-reduce $mode"
  grep -q '"step(1)"' "$tmp/ts.aut" && grep -q '"step(2)"' "$tmp/ts.aut" || fail "no step(T) labels $mode"
  ! grep -q ',i,' "$tmp/ts.aut" || fail "an 'i' left with --thread-steps $mode"
  "$GEN" "$SRC/models/two_lock_queue.conc" --threads 2 --ops 2 $mode --no-reduce -o "$tmp/plain.aut" || fail "plain $mode"
  [ "$(head -1 "$tmp/tsfull.aut")" = "$(head -1 "$tmp/plain.aut")" ] || fail "--thread-steps changed the size $mode"
  "$BIN/quotient" "$tmp/plain.aut" -o "$tmp/plain.q.aut" || fail "quotient"
  for ts in ts tsfull; do
    "$BIN/quotient" --tau=step "$tmp/$ts.aut" -o "$tmp/$ts.q.aut" || fail "quotient --tau=step"
    cmp -s "$tmp/$ts.q.aut" "$tmp/plain.q.aut" || fail "quotient --tau=step of $ts differs from the plain quotient $mode"
  done
done
"$GEN" "$SRC/tests/frontend/golden/waiting.conc" --threads 2 --thread-steps > "$tmp/w.aut" || fail "waiting"
grep -Eq '^\(([0-9]+),"step\(2\)",\1\)$' "$tmp/w.aut" || fail "no waiting self-loop of thread 2"
echo PASS
