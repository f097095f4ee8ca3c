#!/bin/bash
# gen --replay of lassos with store-buffer labels (docs/replay.md, "Runs
# with store buffers"; docs/memory-models.md): a progress lasso of refines
# --progress and an LTL lasso of refines --ltl on gen --memory tso
# --thread-steps, whose lines step(T,store) and step(T,flush) are matched by
# kind; the run shows each buffered store and each flush as a row; a line
# changed to another kind or thread is refused with exit 2 naming the line.
set -u
. "$(dirname "$0")/tool_lib.sh" gen refines

m="$SRC/models/peterson_busy.conc"
opts=(--object PetersonBusy --ops inf --memory tso --buffer 4 --thread-steps)
"$GEN" "$m" "${opts[@]}" -o "$tmp/pb.aut" 2>/dev/null || fail "gen"

# counts JSON: the replayed run's store rows (a step of a call whose buffer
# grows) and flush rows (a step of no statement that empties a buffer
# entry into memory), as "STORES FLUSHES".
counts() {
  python3 - "$1" <<'PY'
import json, sys
stores = flushes = 0
for s in json.load(open(sys.argv[1])):
    buf = [c for c in s["changes"] if c["cell"] == "buffer %d" % s["thread"]]
    entries = lambda v: 0 if v == "[]" else v.count(":=")
    if s["line"] is None and s["action"] is None:
        assert buf and entries(buf[0]["new"]) < entries(buf[0]["old"]), s
        assert len(s["changes"]) >= 1
        flushes += 1
    elif buf and entries(buf[0]["new"]) > entries(buf[0]["old"]):
        stores += 1
print(stores, flushes)
PY
}
replay() { "$GEN" "$m" "${opts[@]}" --replay "$@" 2>"$tmp/err"; }

# A progress lasso: Peterson's lock under tso is not deadlock-free (docs/
# progress.md, "Store buffers"); its stem stores and flushes.
"$REFINES" --progress deadlock-free "$tmp/pb.aut" --cex "$tmp/p.cex" >/dev/null
[ $? = 1 ] || fail "PetersonBusy under tso is deadlock-free"
grep -qx 'step(1,store)' "$tmp/p.cex" && grep -qx 'step(2,flush)' "$tmp/p.cex" ||
  fail "no store or flush line in the progress lasso: $(cat "$tmp/p.cex")"
replay "$tmp/p.cex" >"$tmp/p.txt" || fail "replay of the progress lasso: $(cat "$tmp/err")"
replay "$tmp/p.cex" --replay-format json >"$tmp/p.json" || fail "replay of the progress lasso (json)"
read -r s f <<<"$(counts "$tmp/p.json")" || fail "JSON of the progress replay: $(cat "$tmp/p.json")"
# Under buffers the stem too is matched line by line, and a store or flush
# line is exactly one step: as many rows as lines, so the buffers pending on
# the cycle are the lasso's (here none: the cycle is memory-fair).
[ "$s" -ge 1 ] && [ "$f" -ge 1 ] || fail "no store or flush row: $(cat "$tmp/p.txt")"
[ "$s" = "$(grep -cE '^step\([0-9]+,store(,[0-9]+)?\)$' "$tmp/p.cex")" ] || fail "store rows ($s) and lines differ"
[ "$f" = "$(grep -cE '^step\([0-9]+,flush\)$' "$tmp/p.cex")" ] || fail "flush rows ($f) and lines differ"
grep -qE '^ *[0-9]+ +flush +' "$tmp/p.txt" || fail "no flush row in the text: $(cat "$tmp/p.txt")"
grep -q 'buffer 1: \[\] -> \[flag\[0\] := true\]' "$tmp/p.txt" || fail "no store row in the text: $(cat "$tmp/p.txt")"
grep -q -- '-- the cycle' "$tmp/p.txt" || fail "no cycle in the progress replay"

# edit_line CEX N TEXT: CEX with its line N replaced by TEXT.
edit_line() { awk -v l="$2" -v s="$3" 'NR == l { print s; next } { print }' "$1"; }

# The cycle's lines are matched by kind: step(1) as step(1,flush) (thread 1
# spins with an empty buffer) has no run, and the error names the line.
line=$(awk '/^# cycle/{c=1; next} c && /^step\(1\)$/{print NR; exit}' "$tmp/p.cex")
[ -n "$line" ] || fail "no step(1) in the progress lasso's cycle: $(cat "$tmp/p.cex")"
edit_line "$tmp/p.cex" "$line" "step(1,flush)" >"$tmp/p_flush.cex"
replay "$tmp/p_flush.cex" >/dev/null
[ $? = 2 ] || fail "a cycle's step(1) changed to step(1,flush) was replayed"
grep -q "p_flush.cex: error: .*line $line" "$tmp/err" || fail "the cycle error: $(cat "$tmp/err")"

# A stem's flush line changed to a store line: exit 2 naming the line where
# the run stops (that one, or the next when a store can stand there: the
# next line then cannot follow).
n=$(grep -nE '^step\(2,flush\)$' "$tmp/p.cex" | head -1 | cut -d: -f1)
edit_line "$tmp/p.cex" "$n" "step(2,store)" >"$tmp/p_store.cex"
replay "$tmp/p_store.cex" >/dev/null
[ $? = 2 ] || fail "a progress stem's flush line changed to a store line was replayed"
grep -qE "p_store.cex: error: .*stem's line ($n|$((n + 1))): step" "$tmp/err" || fail "progress stem: $(cat "$tmp/err")"

# An LTL lasso with step letters: the stem is matched line by line, so every
# store and flush line is a row of its kind, in order.
"$REFINES" --ltl 'G (call(1,*) -> F ret(1,*))' "$tmp/pb.aut" --cex "$tmp/l.cex" >/dev/null
[ $? = 1 ] || fail "the LTL formula holds"
replay "$tmp/l.cex" --replay-format json >"$tmp/l.json" || fail "replay of the LTL lasso: $(cat "$tmp/err")"
replay "$tmp/l.cex" >"$tmp/l.txt" || fail "replay of the LTL lasso (text)"
flushes=$(grep -cE '^step\([0-9]+,flush\)$' "$tmp/l.cex")
stores=$(grep -cE '^step\([0-9]+,store(,[0-9]+)?\)$' "$tmp/l.cex")
[ "$flushes" -ge 1 ] && [ "$stores" -ge 1 ] || fail "no store or flush line in the LTL lasso: $(cat "$tmp/l.cex")"
# Each store or flush line is one step of its kind: as many rows.
read -r s f <<<"$(counts "$tmp/l.json")" || fail "JSON of the LTL replay: $(cat "$tmp/l.json")"
[ "$f" = "$flushes" ] || fail "fewer flush rows ($f) than flush lines ($flushes): $(cat "$tmp/l.txt")"
[ "$s" = "$stores" ] || fail "fewer store rows ($s) than store lines ($stores): $(cat "$tmp/l.txt")"

# first_of KIND: "N T" for the first step(T,KIND) line of the LTL lasso.
first_of() { grep -nE "^step\([0-9]+,$1\)$" "$tmp/l.cex" | head -1 | sed -E 's/^([0-9]+):step\(([0-9]+),.*/\1 \2/'; }

# A flush line changed to a store line: exit 2 naming that line.
read -r n t <<<"$(first_of flush)"
edit_line "$tmp/l.cex" "$n" "step($t,store)" >"$tmp/l_store.cex"
replay "$tmp/l_store.cex" >/dev/null
[ $? = 2 ] || fail "a flush line changed to a store line was replayed"
grep -q "l_store.cex: error: the counterexample does not belong to this model.*line $n: step($t,store)" "$tmp/err" ||
  fail "flush as store: $(cat "$tmp/err")"

# The same flush line of the other thread: exit 2 naming a line of the stem.
o=$((3 - t))
edit_line "$tmp/l.cex" "$n" "step($o,flush)" >"$tmp/l_thread.cex"
replay "$tmp/l_thread.cex" >/dev/null
[ $? = 2 ] || fail "a flush of the other thread was replayed"
grep -qE "l_thread.cex: error: .*stem.s line [0-9]+: step\(" "$tmp/err" ||
  fail "flush of the other thread: $(cat "$tmp/err")"

# A store line changed to a plain step: the kind is exact both ways.
read -r n t <<<"$(first_of store)"
edit_line "$tmp/l.cex" "$n" "step($t)" >"$tmp/l_step.cex"
replay "$tmp/l_step.cex" >/dev/null
[ $? = 2 ] || fail "a store line changed to step(T) was replayed"
grep -q "l_step.cex: error: .*line [0-9]*: step(" "$tmp/err" || fail "store as step: $(cat "$tmp/err")"

# A label that reads as a store and is none: a malformed line, CEX:LINE.
edit_line "$tmp/l.cex" "$n" "step($t,store,1)" >"$tmp/l_bad.cex"
replay "$tmp/l_bad.cex" >/dev/null
[ $? = 2 ] || fail "step(T,store,1) was read"
grep -q "l_bad.cex:$n" "$tmp/err" || fail "malformed store line: $(cat "$tmp/err")"
echo "replay_tso: ok"
