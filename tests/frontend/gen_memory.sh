#!/bin/bash
# gen --memory sc|tso|pso and --buffer at the tool level (docs/memory-models.md):
# what is refused, the note on the reduction, the full-buffer fault, the same
# bytes for every -j, and Peterson's lock under buffers: linearizable under
# sc, not under tso (a thread's flag and turn stores wait in its buffer
# while it reads the other's flag: both enter), repaired under tso by a fence
# after `turn := other;`. Under pso that is not enough: stores to different
# locations reach memory in any order, so the other thread may see the new
# turn before the raised flag (and enter), and the critical section's store
# to c may reach memory after `flag[me] := false`; a fence between the flag
# and the turn and one before the release repair it.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines
M="$SRC/models/peterson_counter.conc"

gen_refuses "--buffer under sc" "under sc there are none" "$M" --buffer 3
gen_refuses "--memory weird" "memory" "$M" --memory weird
gen_refuses "--symmetry with tso" "--symmetry is not available with --memory tso" "$SRC/models/treiber_stack.conc" --memory tso --symmetry
gen_refuses "--spec with tso" "a specification is sequentially consistent" "$M" --memory tso --spec
gen_refuses "full buffer" "peterson_counter.conc:40:9: error: store buffer full.*larger --buffer" "$M" --memory tso -n 2 --buffer 3

# The note on stderr, only when the reduction would have run.
"$GEN" "$M" --memory tso --buffer 4 -o "$tmp/tso.aut" 2> "$tmp/err" || fail "gen --memory tso"
grep -q "partial-order reduction is off under --memory tso" "$tmp/err" || fail "no note: $(cat "$tmp/err")"
"$GEN" "$M" --memory tso --buffer 4 --no-reduce -o /dev/null 2> "$tmp/err" || fail "gen --no-reduce"
[ ! -s "$tmp/err" ] || fail "a note with --no-reduce: $(cat "$tmp/err")"
# --memory sc is the default, byte for byte.
cmp -s <("$GEN" "$M") <("$GEN" "$M" --memory sc) || fail "--memory sc differs from the default"
# -j 1 and -j 2 write the same bytes under buffers.
for m in tso pso; do
  cmp -s <("$GEN" "$M" --memory $m --buffer 4 -j 1 2>/dev/null) <("$GEN" "$M" --memory $m --buffer 4 -j 2 2>/dev/null) ||
    fail "-j 1 and -j 2 differ under $m"
done

"$GEN" "$M" --spec -o "$tmp/spec.aut" || fail "spec"
verdict() {  # EXPECTED-EXIT MODEL OPTIONS...
  local want=$1 model=$2; shift 2
  "$GEN" "$model" "$@" 2>/dev/null | "$QUOTIENT" - | "$REFINES" - "$tmp/spec.aut" > "$tmp/verdict"; local rc=$?
  [ $rc -eq "$want" ] || fail "gen $model $*: refines exit $rc, expected $want ($(head -1 "$tmp/verdict"))"
}
sed 's|^    turn := other;.*|    turn := other;\n    fence;|' "$M" > "$tmp/fenced.conc"
sed 's|^    flag\[me\] := false;|    fence;\n    flag[me] := false;|; s|^    flag\[me\] := true;|    flag[me] := true;\n    fence;|' \
  "$tmp/fenced.conc" > "$tmp/fenced2.conc"
[ "$(grep -c 'fence;' "$tmp/fenced2.conc")" = 3 ] || fail "sed did not place the fences"
verdict 0 "$M"
verdict 1 "$M" --memory tso --buffer 4
verdict 0 "$tmp/fenced.conc" --memory tso --buffer 4
verdict 1 "$tmp/fenced.conc" --memory pso --buffer 4
verdict 0 "$tmp/fenced2.conc" --memory pso --buffer 4
# Peterson's counterexample under tso replays with the buffers: the two
# threads' stores wait (a buffer row) while both read the other's flag.
"$GEN" "$M" --memory tso --buffer 4 2>/dev/null | "$QUOTIENT" - | "$REFINES" - "$tmp/spec.aut" --cex "$tmp/p.cex" > /dev/null
"$GEN" "$M" --memory tso --buffer 4 --replay "$tmp/p.cex" > "$tmp/replay" 2>/dev/null || fail "replay under tso: exit $?"
grep -q "buffer 1: \[\] -> \[" "$tmp/replay" || fail "no buffer row of thread 1: $(cat "$tmp/replay")"
grep -q "buffer 2: \[\] -> \[" "$tmp/replay" || fail "no buffer row of thread 2: $(cat "$tmp/replay")"
"$GEN" "$M" --replay "$tmp/p.cex" > /dev/null 2>&1 && fail "the tso counterexample replays under sc"
# The full buffer as a fault run: the stores that fill it, then the fault.
"$GEN" "$M" --memory tso -n 2 --buffer 3 --replay-fault > "$tmp/fault" 2>/dev/null || fail "--replay-fault under tso: exit $?"
grep -q "FAULT: store buffer full" "$tmp/fault" || fail "no full-buffer fault: $(cat "$tmp/fault")"
grep -q "buffer 1: \[.*, .*\] -> \[.*, .*, .*\]" "$tmp/fault" || fail "the buffer does not fill: $(cat "$tmp/fault")"
# Under sc the fences change nothing.
cmp -s <("$GEN" "$M") <("$GEN" "$tmp/fenced2.conc") || fail "fences change the sc LTS"
# A cas drains the buffer: the Treiber stack stays linearizable under tso.
"$GEN" "$SRC/models/treiber_stack.conc" --spec -n 2 -o "$tmp/stack.aut" || fail "stack spec"
"$GEN" "$SRC/models/treiber_stack.conc" -n 2 --memory tso 2>/dev/null | "$QUOTIENT" - | "$REFINES" - "$tmp/stack.aut" > /dev/null ||
  fail "Treiber stack under tso"
echo "gen --memory: ok"
