#!/bin/bash
# gen --replay --replay-map on a bisimilarity witness found on quotients (the
# usual pipeline: gen | quotient --map on both sides, refines --equiv on the
# quotients): each side's replay is a run of the model whose visible actions
# are that side's in the play and whose last state lies in the class the
# play ends it in; a play with a divergence replays as a lasso. A map of
# other options, an edited map, the other side's map, a malformed map, or
# no map at all give exit 2 and no output.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines

# A side's visible labels in the play, and the quotient state it ends in
# (the `to` of its last step; its first state when it never moves).
side_of() {  # PLAY SIDE
  python3 - "$1" "$2" <<'PY'
import sys
play, side = sys.argv[1], sys.argv[2]
labels, at = [], None
for line in open(play):
    w = line.split()
    if len(w) < 3 or w[:2] != ["#", "move"]:
        continue
    w = w[3:]
    slash = w.index("/")
    attacker, attack, defender, answer = w[0], w[1:slash], w[slash + 1], w[slash + 2:]
    if attack[0] == "diverges":
        attack = attack[1:]
    path = attack if attacker == side else answer
    if path[0] in ("stays", "cannot"):
        at = at if at is not None else path[1]
        continue
    if at is None:
        at = path[0]
    labels += [l for l in path[1::2] if l != "i" and not l.startswith("step(")]
    at = path[-1]
print(" ".join(labels))
print(at)
PY
}

# The replayed run's visible actions and the class of its last state.
run_of() {  # JSON
  python3 - "$1" <<'PY'
import json, sys
steps = [s for s in json.load(open(sys.argv[1])) if s["step"] > 0]
assert all("class" in s for s in steps), "a step without its class"
print(" ".join(s["action"] for s in steps if s["action"]))
print(steps[-1]["class"] if steps else "")
PY
}

# Quotients of IMPL and SPEC (gen OPTS_A / OPTS_B) under E, their play, and
# both sides replayed with their maps; $tmp/play.cex stays for the checks.
pipeline() {  # E MODEL "OPTS_A" "OPTS_B"
  local e=$1 m=$2 side opts
  "$GEN" "$m" $3 | "$QUOTIENT" -e "$e" --map "$tmp/a.map" -o "$tmp/a.q.aut" || fail "$e: gen | quotient A"
  "$GEN" "$m" $4 | "$QUOTIENT" -e "$e" --map "$tmp/b.map" -o "$tmp/b.q.aut" || fail "$e: gen | quotient B"
  "$REFINES" --equiv "$e" "$tmp/a.q.aut" "$tmp/b.q.aut" --cex "$tmp/play.cex" > /dev/null
  [ $? = 1 ] || fail "$e: bisimilar"
  head -1 "$tmp/play.cex" | grep -q "^# play $e$" || fail "$e: no play"
  for side in A B; do
    opts=$3
    [ $side = B ] && opts=$4
    local map="$tmp/$(echo $side | tr AB ab).map"
    "$GEN" "$m" $opts --replay "$tmp/play.cex" --replay-side $side --replay-map "$map" --replay-format json \
      > "$tmp/$side.json" || fail "$e: replay of $side"
    [ "$(run_of "$tmp/$side.json")" = "$(side_of "$tmp/play.cex" $side)" ] ||
      fail "$e: side $side: the run's actions and last class $(run_of "$tmp/$side.json") differ from the play's $(side_of "$tmp/play.cex" $side)"
    "$GEN" "$m" $opts --replay "$tmp/play.cex" --replay-side $side --replay-map "$map" > "$tmp/$side.txt" ||
      fail "$e: text replay of $side"
    head -1 "$tmp/$side.txt" | grep -q " class " || fail "$e: no class column"
  done
}

# Branching (tests/frontend/models/decide_early_late.conc): after both calls,
# DecideLate (B) returns, which DecideEarly cannot without deciding first;
# B's return is its inert read inside the call's class, then the return.
m="$SRC/tests/frontend/models/decide_early_late.conc"
pipeline branching "$m" "--object DecideEarly" "--object DecideLate"
grep -q "quotient state" "$tmp/A.txt" "$tmp/B.txt" || fail "notes name LTS states"
python3 - "$tmp/B.json" <<'PY' || fail "branching: no inert step before a play step"
import json, sys
steps = json.load(open(sys.argv[1]))
# an internal step without a note stays inside its class: the inert read
assert any(not s["action"] and "note" not in s for s in steps), steps
PY

# Divbranching: Table 1 row 3 against its specification; A's play ends in a
# divergence, replayed as a cycle of internal steps inside one class.
m="$SRC/models/treiber_hp_fu.conc"
opts="--object TreiberHPFu --threads 2 --ops 2"
pipeline divbranching "$m" "$opts" "$opts --spec"
grep -q "^# move [0-9]* A diverges" "$tmp/play.cex" || fail "no divergence in the play"
grep -q "the cycle: the steps below repeat forever" "$tmp/A.txt" || fail "no cycle"
tail -1 "$tmp/A.txt" | grep -q "A runs internal steps forever here; B cannot" || fail "last row: $(tail -1 "$tmp/A.txt")"
python3 - "$tmp/A.json" <<'PY' || fail "the cycle leaves its class"
import json, sys
steps = json.load(open(sys.argv[1]))
start = [i for i, s in enumerate(steps) if s.get("cycle_start")]
assert len(start) == 1
cycle = steps[start[0]:]
assert all(not s["action"] for s in cycle) and len({s["class"] for s in cycle}) == 1
PY

# Wrong maps: exit 2, a message that says what does not match, no output.
refused() {  # WHAT PATTERN GEN-ARGS...
  local what=$1 pattern=$2
  shift 2
  "$GEN" "$@" > "$tmp/out" 2> "$tmp/err"
  [ $? = 2 ] && [ ! -s "$tmp/out" ] || fail "$what: exit or output"
  grep -q "$pattern" "$tmp/err" || fail "$what: $(cat "$tmp/err")"
}
"$GEN" "$m" --object TreiberHPFu --threads 2 --ops 1 | "$QUOTIENT" -e divbranching --map "$tmp/other.map" > /dev/null
refused "other options" "the state map is of an LTS of [0-9]* states, and this model with these options has" \
  "$m" $opts --replay "$tmp/play.cex" --replay-map "$tmp/other.map"
awk '{ if (NR == 1) $2 = 100000; print }' "$tmp/a.map" > "$tmp/classes.map"
refused "edited class count" "the state map has 100001 classes, and the play names a quotient of [0-9]* states" \
  "$m" $opts --replay "$tmp/play.cex" --replay-map "$tmp/classes.map"
refused "the other side's map" "state map is of an LTS of" \
  "$m" $opts --replay "$tmp/play.cex" --replay-map "$tmp/b.map"
refused "no map" "found on an LTS of [0-9]* states.*--replay-map" "$m" $opts --replay "$tmp/play.cex"
sed '3s/ .*/ -/' "$tmp/a.map" > "$tmp/unreachable.map"
refused "unreachable state" "unreachable.map:3:3: error: state 2 is unreachable" \
  "$m" $opts --replay "$tmp/play.cex" --replay-map "$tmp/unreachable.map"
sed '2d' "$tmp/a.map" > "$tmp/gap.map"
refused "missing line" "gap.map:2:1: error: state 2 where state 1 was expected" \
  "$m" $opts --replay "$tmp/play.cex" --replay-map "$tmp/gap.map"
printf 'call(1,push,1)\n' > "$tmp/trace.cex"
"$GEN" "$m" $opts --replay "$tmp/trace.cex" --replay-map "$tmp/a.map" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "replay-map applies to a play" "$tmp/err" || fail "--replay-map on a trace: $(cat "$tmp/err")"
echo "ok"
