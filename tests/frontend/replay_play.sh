#!/bin/bash
# gen --replay on a bisimilarity witness of refines --equiv: the run of one
# side through the play's LTS states, internal steps included, with each
# move's note and where the other side cannot follow; an edited play and
# other options give exit 2.
set -u
. "$(dirname "$0")/tool_lib.sh" gen refines

# Row 3 of Table 1 against its specification, divbranching: not bisimilar,
# the witness a play that ends in a divergence of the implementation.
m="$SRC/models/treiber_hp_fu.conc"
opts=(--object TreiberHPFu --threads 2 --ops 2)
"$GEN" "$m" "${opts[@]}" -o "$tmp/impl.aut" || fail "gen impl"
"$GEN" "$m" "${opts[@]}" --spec -o "$tmp/spec.aut" || fail "gen spec"
"$REFINES" --equiv divbranching "$tmp/impl.aut" "$tmp/spec.aut" --cex "$tmp/play.cex" > /dev/null
[ $? = 1 ] || fail "bisimilar"
head -1 "$tmp/play.cex" | grep -q "^# play divbranching$" || fail "no play header"
grep -q "^# move [0-9]* A [0-9]* i [0-9]* / B stays [0-9]*$" "$tmp/play.cex" || fail "no internal move answered by staying"
grep -q "^# move [0-9]* A diverges .* / B cannot [0-9]*$" "$tmp/play.cex" || fail "no divergence"

"$GEN" "$m" "${opts[@]}" --replay "$tmp/play.cex" > "$tmp/a.txt" || fail "replay of A"
grep -q "A attacks; B stays put" "$tmp/a.txt" || fail "no internal attacker move in the replay"
grep -q "the cycle: the steps below repeat forever" "$tmp/a.txt" || fail "no cycle"
tail -1 "$tmp/a.txt" | grep -q "A runs internal steps forever here; B cannot" || fail "last row: $(tail -1 "$tmp/a.txt")"
! grep -q "the specification cannot do this" "$tmp/a.txt" || fail "a play is not a refusal"

# The run's moves are A's label lines, one by one (internal steps as i).
# Between them come internal steps out of a state that gen merged into the
# LTS state the move reached (its only step is internal), noted as such.
"$GEN" "$m" "${opts[@]}" --replay "$tmp/play.cex" --replay-format json > "$tmp/a.json" || fail "json"
python3 - "$tmp/a.json" "$tmp/play.cex" <<'PY' || fail "json steps"
import json, sys
steps = json.load(open(sys.argv[1]))
want = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
merged = [s for s in steps if s.get("note", "").startswith("no move: a state gen merged into LTS state")]
moves = [s for s in steps if s not in merged]
assert [s["action"] or "i" for s in moves] == want, "moves differ from the play's A lines"
assert merged and all(not s["action"] for s in merged), "no merged state passed, or one left by a visible step"
assert not any(s.get("refused") for s in steps)
assert "B cannot" in steps[-1]["note"]
assert any(s.get("cycle_start") for s in steps)
PY

# Side B: the specification's run, which ends where A diverges.
"$GEN" "$m" "${opts[@]}" --spec --replay "$tmp/play.cex" --replay-side B > "$tmp/b.txt" || fail "replay of B"
tail -1 "$tmp/b.txt" | grep -q "A runs internal steps forever from here; B cannot" || fail "B's last row"
grep -q "B does it too" "$tmp/b.txt" && fail "B's notes are written from A's side"
grep -q "B answers A's" "$tmp/b.txt" || fail "no answer of B"

# Edited: a state number changed; other options: another LTS.
awk '/^# move 3 /{ $7 = $7 + 1 } { print }' "$tmp/play.cex" > "$tmp/bad.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/bad.cex" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] && [ ! -s "$tmp/out" ] || fail "edited play: exit"
grep -q "bad.cex:[0-9]*:.*previous move left it at\|no step of the model goes from LTS state" "$tmp/err" || fail "edited play: $(cat "$tmp/err")"
"$GEN" "$m" --object TreiberHPFu --threads 2 --ops 1 --replay "$tmp/play.cex" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "found on an LTS of [0-9]* states" "$tmp/err" || fail "other options: $(cat "$tmp/err")"
printf '# play branching\n# states A 1 B 1\n# move 1 A 0 x / B cannot 0\n' > "$tmp/malformed.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/malformed.cex" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "malformed.cex:3:" "$tmp/err" || fail "malformed move: $(cat "$tmp/err")"
printf '# play divbranching\n# states A 1 B 1\n# move 1 A diverges 0 i 1 / B cannot 0\n' > "$tmp/nocycle.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/nocycle.cex" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "nocycle.cex:3:.*its cycle" "$tmp/err" || fail "diverging path without a cycle: $(cat "$tmp/err")"
printf 'call(1,push,1)\n' > "$tmp/trace.cex"
"$GEN" "$m" "${opts[@]}" --replay "$tmp/trace.cex" --replay-side B > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "replay-side applies to a play" "$tmp/err" || fail "--replay-side on a trace: $(cat "$tmp/err")"
echo "ok"
