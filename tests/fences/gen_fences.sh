#!/bin/bash
# gen --suggest-fences (docs/memory-models.md, "Fence inference"): what is
# refused, the full-buffer fault, and the minimal fence sets of the weak-
# memory case studies, argued here by hand:
# - Peterson (tso, --buffer 4): {after `turn := other;`} alone. Without it a
#   thread that found the other's flag down enters while its own turn store
#   waits in the buffer; the other thread writes the turn, sees it as its own
#   after the late store lands, and enters too. After that fence both entry
#   stores are in memory before the reads (FIFO: the flag first), the SC
#   protocol; the exit stores leave in order (c before the lowered flag).
#   Under pso three: the flag before the turn, the turn before the reads,
#   and c before the lowered flag (per location FIFOs only).
# - Dekker (tso, 1 operation each): {after the first `flag[me] := true;`}.
#   DekkerFenced also fences the flag raised again after the wait; with one
#   operation per thread that path runs only while the other thread is inside
#   or leaving, and it never comes back, so the second fence is not needed at
#   these bounds (DekkerFenced itself needs no further fence).
# - Message passing: none on tso (FIFO keeps the data before the flag), on
#   pso one after `data := v;` (its store after the flag already ends in a fence).
# - Chase-Lev (--ops 3, --buffer 6, against ChaseLevSpec): tso {after take's
#   `bottom := b;`}, the fence of ChaseLevFenced; pso also after push's store
#   of the element, before the store of bottom.
# - Treiber stack: no position at all (its only publishing store is a cas)
#   and no fence needed.
set -u
. "$SRC/tests/frontend/tool_lib.sh" gen
D="$SRC/models"
P="$D/peterson_counter.conc"

gen_refuses "sc" "--suggest-fences needs --memory tso or pso: under sc a fence compiles to nothing" "$P" --suggest-fences
gen_refuses "--max-fences alone" "--max-fences applies to --suggest-fences" "$P" --memory tso --max-fences 2
gen_refuses "-o" "writes no LTS" "$P" --memory tso --suggest-fences -o "$tmp/x.aut"
gen_refuses "--spec" "drop --spec" "$P" --memory tso --suggest-fences --spec
gen_refuses "full buffer" "dekker_counter.conc:55:5: error: store buffer full.*(exploring the object with no fence)" \
  "$D/dekker_counter.conc" --memory tso --buffer 6 --ops 2 --suggest-fences
gen_refuses "no spec object" "no object named 'Nope'" "$P" --memory tso --suggest-fences --spec-object Nope
# Not linearizable, and nowhere to place a fence (the only store is a cas).
cat > "$tmp/lost.conc" <<'M'
object Lost {
  shared c: 0..3 = 0;
  method inc(): 0..3 {
    x := c;
    cas(c, x, x + 1);
    return x;
  }
}
M
gen_refuses "nothing to place" "no statement after which a fence would change a run" "$tmp/lost.conc" --memory tso --suggest-fences

# fences EXPECTED-EXIT MODEL OPTIONS...: the report in $tmp/out.
fences() {
  local want=$1; shift
  "$GEN" "$@" --suggest-fences > "$tmp/out" 2> "$tmp/err"; local rc=$?
  [ $rc = "$want" ] || fail "gen $* --suggest-fences: exit $rc, expected $want ($(cat "$tmp/err"))"
}
# minimal "SET..." : the minimal sets reported, one per line, as "{2}" or "{1, 3}".
minimal() {
  local got
  got=$(grep -E '^  \{' "$tmp/out" | sed 's/^  //' | tr '\n' ' ')
  [ "$got" = "$* " ] || fail "minimal sets: '$got', expected '$* ' in $(cat "$tmp/out")"
}
has() { grep -qF -- "$1" "$tmp/out" || fail "no '$1' in $(cat "$tmp/out")"; }

fences 0 "$P" --memory tso --buffer 4
minimal "{2}"
has "fence $P:31:5: after \`turn := other;\` in inc"
has "Insufficient: no fence"
has "ret(2,inc,0)  <- the specification refuses this"
grep -q "gen: fence set 9 of at most 15" "$tmp/err" || fail "no progress: $(cat "$tmp/err")"
fences 0 "$P" --memory pso --buffer 4
minimal "{1, 2, 3}"
fences 1 "$P" --memory pso --buffer 4 --max-fences 2
has "No set of at most 2 fences is sufficient."
has "Insufficient: fences at {2, 3}"

fences 0 "$D/dekker_counter.conc" --memory tso --buffer 6
minimal "{1}"
has "fence $D/dekker_counter.conc:42:5: after \`flag[me] := true;\` in inc"
fences 0 "$D/dekker_counter.conc" --object DekkerFenced --memory tso --buffer 6
has "No fence needed"

M="$D/message_passing.conc"
fences 0 "$M" --object MessagePassing --ops 2 --memory tso
has "No fence needed"
has "1 candidate position"
fences 0 "$M" --object MessagePassing --ops 2 --memory pso
minimal "{1}"
has "after \`data := v;\` in publish"

C="$D/chase_lev_deque.conc"
fences 0 "$C" --object ChaseLev --spec-object ChaseLevSpec --ops 3 --buffer 6 --memory tso
minimal "{3}"
has "fence $C:57:5: after \`bottom := b;\` in take"
fences 0 "$C" --object ChaseLevFenced --spec-object ChaseLevSpec --ops 3 --buffer 6 --memory tso
has "No fence needed"
fences 0 "$C" --object ChaseLev --spec-object ChaseLevSpec --ops 3 --buffer 6 --memory pso
minimal "{1, 3}"
has "fence $C:49:5: after \`a[b % 2] := v;\` in push"

fences 0 "$D/treiber_stack.conc" -n 2 --memory tso
has "0 candidate positions"
has "No fence needed"
echo "gen --suggest-fences: ok"
