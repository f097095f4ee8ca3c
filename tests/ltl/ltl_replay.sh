#!/bin/bash
# The lassos of refines --ltl --cex replayed at the source level:
# gen | [quotient -e divbranching |] refines --ltl --cex | gen --replay
# (docs/replay.md, "What is matched"; docs/ltl.md, "The --cex file").
# A visible cycle, on gen's LTS and on its quotient, with and without step
# letters; the end stutter as a deadlock and as a divergence; refusals.
set -u
. "$(dirname "$0")/../frontend/tool_lib.sh" gen quotient refines

# check_run JSON CEX KIND [PROPERTY]: the replayed run (gen --replay-format
# json) against the lasso of CEX (its first block, or PROPERTY's). KIND:
#   cycle       the run's visible actions are the stem's, then the cycle's
#               j >= 0 times, and from its cycle_start the cycle's k >= 1 times;
#   deadlock    they are the stem's, no cycle, and the last step ends the run;
#   divergence  they are the stem's, and the cycle has internal steps only.
# With step(T) lines in the lasso, each internal step of thread T reads as
# the letter step(T), and the run's word must be the lasso's up to
# repeated letters (stuttering, which a next-free formula does not see).
check_run() {
  python3 - "$@" <<'PY'
import json, sys
steps = json.load(open(sys.argv[1]))
kind = sys.argv[3]
prop = sys.argv[4] if len(sys.argv) > 4 else None
blocks, cur, part = [], None, None
for line in open(sys.argv[2]).read().splitlines():
    if line.startswith("# lasso"):
        cur = {"name": line[8:], "stem": [], "cycle": []}; blocks.append(cur); part = "stem"
    elif line == "# cycle": part = "cycle"
    elif line and not line.startswith("#"): cur[part].append(line)
block = next(b for b in blocks if prop is None or b["name"] == prop)
letters = any(l.startswith("step(") for l in block["stem"] + block["cycle"])
def visible(ls): return [l for l in ls if l != "i" and not l.startswith("step(")]
def word(ls):  # without `i`, repeated letters once
    out = []
    for l in ls:
        if l != "i" and (not out or out[-1] != l): out.append(l)
    return out
run = [s["action"] or ("step(%d)" % s["thread"]) for s in steps if s["step"] > 0]
acts = [s["action"] for s in steps if s["action"]]
start = next((i for i, s in enumerate(steps) if s.get("cycle_start")), None)
last = steps[-1]
stem, cyc = visible(block["stem"]), visible(block["cycle"])
if kind == "cycle":
    assert start is not None and "ends" not in last, "no cycle"
    before, inside = acts[:sum(1 for s in steps[:start] if s["action"])], [s["action"] for s in steps[start:] if s["action"]]
    assert before[:len(stem)] == stem, ("stem", before, stem)
    rest = before[len(stem):]
    def rounds(xs): return xs == [] if not cyc else len(xs) % len(cyc) == 0 and xs == cyc * (len(xs) // len(cyc))
    assert rounds(rest), ("rounds before", rest)
    assert rounds(inside) and (inside or not cyc), ("cycle", inside)
    if letters:  # stem.cycle^w and the run's stem.cycle^w agree on three of the run's rounds
        ours = word(run[:start] + run[start:] * 3)
        theirs = word(block["stem"] + block["cycle"] * (3 * len(run) + 1))
        assert theirs[:len(ours)] == ours, ("letters", ours, theirs[:len(ours)])
else:
    assert last.get("ends") == kind, ("ends", last)
    assert acts == stem, ("stem", acts, stem)
    if kind == "deadlock": assert start is None
    else: assert start is not None and all(s["action"] is None for s in steps[start:]), "divergence"
    if letters: assert word(run) == word(block["stem"]), ("letters", run)
PY
}

# replay NAME CEX KIND GEN-ARGS...: gen --replay as text and JSON, checked.
replay() {
  local name=$1 cex=$2 kind=$3
  shift 3
  "$GEN" "$@" --replay "$cex" > "$tmp/$name.txt" 2> "$tmp/$name.err" || fail "$name: replay exit $? $(cat "$tmp/$name.err")"
  "$GEN" "$@" --replay "$cex" --replay-format json > "$tmp/$name.json" || fail "$name: json"
  check_run "$tmp/$name.json" "$cex" "$kind" ${property:+"$property"} || fail "$name: the run does not match"
  case $kind in
    deadlock) tail -1 "$tmp/$name.txt" | grep -q "no thread can take a step (a deadlock)" || fail "$name: last row" ;;
    divergence) tail -1 "$tmp/$name.txt" | grep -q "internal steps for ever (a divergence)" || fail "$name: last row" ;;
    cycle) tail -1 "$tmp/$name.txt" | grep -q "<- back to the state before step" || fail "$name: last row" ;;
  esac
  [ "$kind" = deadlock ] || grep -q -- "-- the cycle" "$tmp/$name.txt" || fail "$name: no cycle marked"
}

# ltl_cex NAME FORMULA LTS [REFINES-ARGS...]: refines --ltl fails with a lasso in $tmp/NAME.cex.
ltl_cex() {
  local name=$1 formula=$2 lts=$3
  shift 3
  "$REFINES" --ltl "$formula" "$lts" --cex "$tmp/$name.cex" "$@" > "$tmp/$name.out"
  [ $? = 1 ] || fail "$name: $formula should fail"
}

# A visible cycle: the test-and-set counter (models/tas_counter.conc), 2
# threads calling for ever. Without fairness thread 1 may call and never
# be scheduled again while thread 2 increments for ever, so `G (call(1,*)
# -> F ret(1,*))` fails; the lasso's cycle is thread 2's calls and returns
# (c flips modulo 2, so two of them come back to the same state). The
# replay: call(1,inc) in the stem, then thread 2's rounds, thread 1 taking
# no step in the cycle. On the divbranching quotient the steps between a
# call and its return are fewer than in the model: the cycle is matched
# weakly (docs/replay.md).
tas=(models/tas_counter.conc -t 2 -n inf)
"$GEN" "$SRC/${tas[0]}" "${tas[@]:1}" -o "$tmp/tas.aut" || fail "gen tas"
"$QUOTIENT" -e divbranching "$tmp/tas.aut" -o "$tmp/tas.q.aut" 2> /dev/null || fail "quotient tas"
for lts in tas tas.q; do
  ltl_cex "$lts" 'G (call(1,*) -> F ret(1,*))' "$tmp/$lts.aut"
  grep -q '^# end' "$tmp/$lts.cex" && fail "$lts: an end stutter, not a visible cycle"
  replay "$lts" "$tmp/$lts.cex" cycle "$SRC/${tas[0]}" "${tas[@]:1}"
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); i=[k for k,x in enumerate(s) if x.get("cycle_start")][0]; assert all(x["thread"]==2 for x in s[i:])' \
    "$tmp/$lts.json" || fail "$lts: thread 1 steps in the cycle"
done
# A cycle that only a weak match finds (tests/ltl/ltl_replay.conc, Flip):
# in the quotient call(2,flip) is followed by ret(2,flip), in the model by
# two writes first.
flip=("$(dirname "$0")/ltl_replay.conc" --object Flip -t 2 -n inf)
"$GEN" "${flip[@]}" | "$QUOTIENT" -e divbranching - -o "$tmp/flip.q.aut" 2> /dev/null || fail "gen | quotient Flip"
grep -q ',i,\|"i"' "$tmp/flip.q.aut" && fail "flip.q: internal steps left in the quotient"
ltl_cex flip.q 'G (call(1,*) -> F ret(1,*))' "$tmp/flip.q.aut"
[ "$(sed -n '/^# cycle/,$p' "$tmp/flip.q.cex" | tr '\n' ' ')" = "# cycle call(2,flip) ret(2,flip) " ] || fail "flip.q: lasso"
replay flip.q "$tmp/flip.q.cex" cycle "${flip[@]}"
grep -c "x := [01];" "$tmp/flip.q.txt" | grep -q '^2$' || fail "flip.q: the two writes in the cycle"
# Under weak fairness per thread, on the full LTS with step(T) letters:
# test-and-set is not fair, so thread 2 can fail its cas for ever while
# thread 1 keeps winning the flag (docs/progress.md: not starvation-free).
# Each letter counts there: the stem and the cycle are matched letter by
# letter, up to repeated letters.
"$GEN" "$SRC/${tas[0]}" "${tas[@]:1}" --thread-steps --no-reduce -o "$tmp/tas.t.aut" || fail "gen tas --thread-steps"
ltl_cex tas.t 'G (call(2,*) -> F ret(2,*))' "$tmp/tas.t.aut" --fairness weak
grep -q '^step(2)' "$tmp/tas.t.cex" || fail "tas.t: no step of thread 2 in the lasso"
replay tas.t "$tmp/tas.t.cex" cycle "$SRC/${tas[0]}" "${tas[@]:1}" --thread-steps
python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); i=[k for k,x in enumerate(s) if x.get("cycle_start")][0]; assert {x["thread"] for x in s[i:]}=={1,2}' \
  "$tmp/tas.t.json" || fail "tas.t: the fair cycle must step both threads"

# The end stutter (tests/ltl/ltl_replay.conc argues both models): every
# run of Once ends in a deadlock and every run of Stuck in a divergence, so
# `G F call(*)` fails on both with the end stutter, and the replay is a
# deadlock after both returns for Once, the waiting thread's lock(l) back
# to the same state for Stuck; on gen's LTS and on its quotient.
ends="$(dirname "$0")/ltl_replay.conc"
for o in Once Stuck; do
  "$GEN" "$ends" --object $o -t 2 -n 1 -o "$tmp/$o.aut" || fail "gen $o"
  "$QUOTIENT" -e divbranching "$tmp/$o.aut" -o "$tmp/$o.q.aut" 2> /dev/null || fail "quotient $o"
  kind=$([ $o = Once ] && echo deadlock || echo divergence)
  for lts in $o $o.q; do
    ltl_cex "$lts" 'G F call(*)' "$tmp/$lts.aut"
    [ "$(sed -n '/^# cycle/,$p' "$tmp/$lts.cex")" = "$(printf '# cycle\n# end')" ] || fail "$lts: not an end stutter"
    replay "$lts" "$tmp/$lts.cex" $kind "$ends" --object $o -t 2 -n 1
  done
done
grep -q "ret(1,set)" "$tmp/Once.txt" && grep -q "ret(2,set)" "$tmp/Once.txt" || fail "Once: both return"
tail -1 "$tmp/Stuck.txt" | grep -q "lock(l);" || fail "Stuck: the cycle is not the wait at lock(l)"
# Several properties, one picked by name: thread 1's call may wait for
# ever on Stuck (thread 2 took the lock first), a divergence again.
printf 'calls: G F call(*)\nanswered1: G (call(1,*) -> F ret(1,*))\n' > "$tmp/two.ltl"
"$REFINES" --ltl-file "$tmp/two.ltl" "$tmp/Stuck.q.aut" --cex "$tmp/two.cex" > /dev/null; [ $? = 1 ] || fail "two.ltl"
[ "$(grep -c '^# lasso' "$tmp/two.cex")" = 2 ] || fail "two.ltl: two lassos"
property=answered1 replay two "$tmp/two.cex" divergence "$ends" --object Stuck -t 2 -n 1 --replay-property answered1
grep -q "call(1,take)" "$tmp/two.txt" || fail "answered1: no call of thread 1"
# With step(T) letters (gen --thread-steps --no-reduce, weak fairness): Once
# still ends in a deadlock, matched letter by letter; Stuck's wait is a
# letter for ever, so its lasso is a visible cycle of the waiting thread.
for o in Once Stuck; do
  "$GEN" "$ends" --object $o -t 2 -n 1 --thread-steps --no-reduce -o "$tmp/$o.t.aut" || fail "gen $o --thread-steps"
  ltl_cex $o.t 'G F call(*)' "$tmp/$o.t.aut" --fairness weak
done
replay Once.t "$tmp/Once.t.cex" deadlock "$ends" --object Once -t 2 -n 1
grep -q '^# end' "$tmp/Stuck.t.cex" && fail "Stuck.t: an end stutter with step letters"
replay Stuck.t "$tmp/Stuck.t.cex" cycle "$ends" --object Stuck -t 2 -n 1 --thread-steps

# Refusals (exit 2, nothing on standard output). No run matches: Once's
# deadlock lasso at 2 operations (a thread may call again, so no state
# after the stem is without a step, and no internal steps cycle); Stuck's
# divergence read with --thread-steps (then the wait is a letter, and only
# a deadlock ends a run).
gen_refuses "Once at 2 operations" "the stem matches, but no run that continues it with internal steps only" \
  "$ends" --object Once -t 2 -n 2 --replay "$tmp/Once.q.cex"
gen_refuses "Stuck's divergence with step letters" "only a deadlock ends a run" \
  "$ends" --object Stuck -t 2 -n 1 --thread-steps --replay "$tmp/Stuck.q.cex"
sed 's/^ret(2,set)$/ret(2,set)\ncall(1,set)/' "$tmp/Once.q.cex" > "$tmp/more.cex"
gen_refuses "a third call in the stem" "does not belong to this model.*the stem's line 6: call(1,set)" \
  "$ends" --object Once -t 2 -n 1 --replay "$tmp/more.cex"
# A misplaced end stutter: an error naming the file and line.
printf '# lasso f\ncall(1,set)\n# end\nret(1,set)\n# cycle\n# end\n' > "$tmp/bad1.cex"
gen_refuses "a label after # end" "bad1.cex:4:1: error: 'ret(1,set)' after '# end' (line 3)" \
  "$ends" --object Once -t 2 -n 1 --replay "$tmp/bad1.cex"
printf '# lasso f\ncall(1,set)\n# cycle\nret(1,set)\n# end\n' > "$tmp/bad2.cex"
gen_refuses "# end in a visible cycle" "bad2.cex:5:1: error: '# end' in a cycle whose stem does not end with '# end'" \
  "$ends" --object Once -t 2 -n 1 --replay "$tmp/bad2.cex"
printf '# lasso f\ncall(1,set)\n# end\n# cycle\nret(1,set)\n' > "$tmp/bad3.cex"
gen_refuses "a label in the end's cycle" "bad3.cex:5:1: error: 'ret(1,set)' in the cycle of an end stutter" \
  "$ends" --object Once -t 2 -n 1 --replay "$tmp/bad3.cex"
printf 'call(1,set)\n# end\n' > "$tmp/bad4.cex"
gen_refuses "# end without # cycle" "bad4.cex:2:1: error: '# end' without a '# cycle' line" \
  "$ends" --object Once -t 2 -n 1 --replay "$tmp/bad4.cex"
echo ok
