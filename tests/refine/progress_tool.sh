#!/bin/bash
# refines --progress from the command line: verdict table, lassos, the
# --cex lasso format, -v, --lockfree as a synonym, --progress-on quotients,
# and exit status 2 with a message for LTSs that cannot be checked.
set -u
. "$(dirname "$0")/tool_lib.sh"

# A spin lock, one increment per thread. Thread 1 takes the lock (1 -> 2);
# thread 2 calls and spins (the self-loop of 3: waiting is a step) while
# thread 1 holds the lock and takes no step. So no call returns in that run
# (not lock-free), thread 2 steps without returning (not wait-free) and
# does so alone (not obstruction-free); but the run is unfair (thread 1 is
# pending and never steps) and every other cycle-free path ends in
# returns, so deadlock- and starvation-freedom hold.
cat >"$T/spin.aut" <<'AUT'
des (0, 8, 8)
(0, "call(1,inc)", 1)
(1, "step(1)", 2)
(2, "call(2,inc)", 3)
(3, "step(2)", 3)
(3, "step(1)", 4)
(4, "ret(1,inc,0)", 5)
(5, "step(2)", 6)
(6, "ret(2,inc,1)", 7)
AUT
expect_rc 1 --progress all --explain "$T/spin.aut" --cex "$T/lasso.txt"
for row in 'lock-free  *does not hold' 'wait-free  *does not hold' 'obstruction-free  *does not hold' \
           'deadlock-free  *holds' 'starvation-free  *holds'; do
  grep -q "^  $row\$" "$T/out" || fail "table row '$row': $(cat "$T/out")"
done
grep -q 'is not wait-free: thread 2 can take steps forever without returning' "$T/out" || fail "wait-free reason"
grep -q 'thread 1 *thread 2' "$T/out" || fail "--explain columns"
grep -q 'threads stepping in the cycle: {2}; calls pending for ever: call(1,inc)  call(2,inc)' "$T/out" \
  || fail "cycle summary: $(cat "$T/out")"
grep -q 'through states 3 -> 3' "$T/out" || fail "cycle states"
# --cex: for each failing property, "# lasso P", the stem (steps included),
# "# cycle", the cycle.
printf '%s\n' '# lasso lock-free' 'call(1,inc)' 'step(1)' 'call(2,inc)' '# cycle' 'step(2)' >"$T/want"
head -6 "$T/lasso.txt" | cmp - "$T/want" || fail "--cex lasso: $(cat "$T/lasso.txt")"
[ "$(grep -c '^# lasso' "$T/lasso.txt")" = 3 ] || fail "one lasso per failing property"
# Replay: the stem and the cycle are paths of the LTS, the cycle closes.
replays=0
replay_closed() { [ -z "$entry" ] || [ "$entry" = closed ] || fail "a lasso cycle does not return to its start"; }
state=0; entry=
while IFS= read -r label; do
  case "$label" in
    '# lasso'*) replay_closed; state=0; entry=; replays=$((replays + 1)); continue ;;
    '# cycle') entry=$state; continue ;;
  esac
  next=$(grep -F "($state, \"$label\"," "$T/spin.aut" | head -1 | sed 's/.*, //; s/)//')
  [ -n "$next" ] || fail "lasso label $label is not a transition of state $state"
  state=$next
  [ -n "$entry" ] && [ "$state" = "$entry" ] && entry=closed
done <"$T/lasso.txt"
replay_closed
[ "$replays" = 3 ] || fail "replayed $replays lassos"
# --progress-on quotients: each property decided on its quotient, the same
# table, lassos and --cex file (lassos come from the input); -v names the
# LTS each check ran on and its size.
expect_rc 1 --progress all --explain "$T/spin.aut"
cp "$T/out" "$T/direct.out"
expect_rc 1 --progress all --explain --progress-on quotients "$T/spin.aut" --cex "$T/lasso_q.txt"
cmp "$T/out" "$T/direct.out" || fail "the quotient route prints otherwise: $(diff "$T/out" "$T/direct.out")"
cmp "$T/lasso_q.txt" "$T/lasso.txt" || fail "the quotient route writes other lassos"
expect_rc 1 -v --progress all --progress-on quotients "$T/spin.aut"
for line in 'lock-free: on the divbranching quotient with every step hidden (6 states, 6 transitions), reachable tau-cycles; the lasso from the direct route on the input LTS' \
            'obstruction-free: per thread T, on the divbranching quotient with step(T) hidden, reachable tau-cycles: thread 1: 7 states, 7 transitions; thread 2: 7 states, 7 transitions;' \
            'wait-free: per thread T, on the divbranching quotient with only step(T) visible, SCCs of the states where T is pending: thread 1: 7 states, 7 transitions; thread 2: 7 states, 7 transitions;' \
            'deadlock-free: on the strong quotient (8 states, 8 transitions), fair SCCs of the step transitions' \
            'starvation-free: on the strong quotient (8 states, 8 transitions), per thread T, fair SCCs'; do
  grep -qF "refines: $line" "$T/err" || fail "-v line '$line': $(cat "$T/err")"
done
# A quotient that merges states with different pending sets (2: threads 1
# and 2 pending, 3: thread 2 alone, both spinning with step(2) for ever;
# argued in progress_test.cpp, QuotientRouteFallsBackWhenPendingSetsMerge):
# the checks that read pending sets run on the input, and -v says so.
cat >"$T/merge.aut" <<'AUT'
des (0, 5, 4)
(0, "call(2,m)", 1)
(1, "step(2)", 3)
(3, "step(2)", 3)
(1, "call(1,m)", 2)
(2, "step(2)", 2)
AUT
expect_rc 1 -v --progress deadlock-free,wait-free --progress-on quotients "$T/merge.aut"
grep -qF 'refines: deadlock-free: the strong quotient (3 states, 4 transitions) merges states with different pending calls, so on the input LTS (4 states, 5 transitions)' "$T/err" \
  || fail "-v fallback: $(cat "$T/err")"
grep -q 'refines: wait-free: .*thread 2: [0-9]* states, [0-9]* transitions, merges states with different pending calls, so on the input LTS (4 states, 5 transitions)' "$T/err" \
  || fail "-v per-thread fallback: $(cat "$T/err")"
grep -q 'is not deadlock-free' "$T/out" || fail "fallback verdict: $(cat "$T/out")"
# Bad input is refused as on the direct route; the option needs --progress.
printf 'des (0, 3, 3)\n(0, "call(1,inc)", 1)\n(1, "step(1)", 2)\n(1, "ret(1,inc,0)", 2)\n' >"$T/twosets.aut"
expect_rc 2 --progress all --progress-on quotients "$T/twosets.aut"
grep -q 'inconsistent pending calls: state 2 is reached with pending threads' "$T/err" || fail "$(cat "$T/err")"
expect_rc 2 --progress-on quotients "$T/spin.aut" "$T/spin.aut"
grep -q -- '--progress-on applies to --progress' "$T/err" || fail "$(cat "$T/err")"
expect_rc 2 --progress all --progress-on fast "$T/spin.aut"
# One property; --lockfree is its synonym on a thread-attributed LTS.
expect_rc 0 --progress deadlock-free,starvation-free "$T/spin.aut" --cex "$T/none.txt"
[ ! -e "$T/none.txt" ] || fail "--cex written although every property holds"
expect_rc 1 --progress lock-free "$T/spin.aut"
cp "$T/out" "$T/progress.out"
expect_rc 1 --lockfree "$T/spin.aut"
cmp "$T/out" "$T/progress.out" || fail "--lockfree differs from --progress lock-free"
expect_rc 1 -v --progress wait-free "$T/spin.aut"
grep -q 'wait-free: on the input LTS (8 states, 8 transitions), per thread T' "$T/err" || fail "-v: $(cat "$T/err")"
grep -q ' 2 -> 3 ' "$T/out" || fail "-v states in the stem: $(cat "$T/out")"
"$R" --progress all <"$T/spin.aut" >/dev/null; [ $? = 1 ] || fail "--progress reads stdin"

# A plain LTS (internal steps as i): lock-freedom as before, the others
# need thread attribution.
printf 'des (0, 2, 2)\n(0, "call(1,inc)", 1)\n(1, i, 1)\n' >"$T/plain.aut"
expect_rc 1 --progress lock-free "$T/plain.aut"
grep -q 'can run internal steps forever' "$T/out" || fail "plain lock-freedom report"
expect_rc 2 --progress wait-free "$T/plain.aut" --cex "$T/none.txt"
grep -q 'no step(T) labels.*gen --thread-steps' "$T/err" || fail "no-steps message: $(cat "$T/err")"
[ ! -e "$T/none.txt" ] || fail "--cex written on error"
[ -s "$T/out" ] && fail "output on error"
grep -q "^$T/plain.aut: error: " "$T/err" || fail "the error names the file: $(cat "$T/err")"
# A mistyped step label is refused, also where a plain LTS's lock-freedom
# would take it for a visible action and find no cycle: "holds".
for bad in 'step(0)' 'step(x)' 'step(1' 'step (1)' 'step'; do
  printf 'des (0, 2, 2)\n(0, "call(1,inc)", 1)\n(1, "%s", 1)\n' "$bad" >"$T/typo.aut"
  for p in lock-free all; do
    expect_rc 2 --progress $p "$T/typo.aut"
    grep -qF "typo.aut: error: label $bad (from state 1) is not a step label step(T)" "$T/err" ||
      fail "$bad, --progress $p: $(cat "$T/err")"
  done
done
# Untagged internal steps beside step(T); inconsistent pending calls; no call.
printf 'des (0, 3, 2)\n(0, "call(1,inc)", 1)\n(1, i, 1)\n(1, "step(1)", 1)\n' >"$T/mixed.aut"
expect_rc 2 --progress all "$T/mixed.aut"
grep -q 'untagged internal step' "$T/err" || fail "mixed message: $(cat "$T/err")"
printf 'des (0, 3, 3)\n(0, "call(1,inc)", 1)\n(1, "step(1)", 2)\n(1, "ret(1,inc,0)", 2)\n' >"$T/twosets.aut"
expect_rc 2 --progress all "$T/twosets.aut"
grep -q 'inconsistent pending calls: state 2 is reached with pending threads' "$T/err" || fail "$(cat "$T/err")"
printf 'des (0, 3, 2)\n(0, "call(1,inc)", 1)\n(1, "step(1)", 1)\n(1, "call(1,inc)", 1)\n' >"$T/twice.aut"
expect_rc 2 --progress all "$T/twice.aut"
grep -q 'already has a pending call' "$T/err" || fail "$(cat "$T/err")"
printf 'des (0, 1, 1)\n(0, "step(1)", 0)\n' >"$T/nocall.aut"
expect_rc 2 --progress all "$T/nocall.aut"
grep -q 'no reachable call' "$T/err" || fail "$(cat "$T/err")"
# Sparse state numbering: lassos and messages name the file's states.
printf 'des (5, 2, 4294967295)\n(5, "call(1,m)", 3000000000)\n(3000000000, "step(1)", 3000000000)\n' >"$T/sparse.aut"
expect_rc 1 --progress wait-free "$T/sparse.aut"
grep -q 'through states 3000000000 -> 3000000000' "$T/out" || fail "sparse lasso: $(cat "$T/out")"
printf 'des (5, 2, 4294967295)\n(5, "call(1,m)", 3000000000)\n(3000000000, "call(1,m)", 7)\n' >"$T/sparse2.aut"
printf '(7, "step(1)", 7)\n' >>"$T/sparse2.aut"
sed -i 's/des (5, 2,/des (5, 3,/' "$T/sparse2.aut"
expect_rc 2 --progress wait-free "$T/sparse2.aut"
grep -q 'from state 3000000000, where thread 1 already' "$T/err" || fail "sparse message: $(cat "$T/err")"
# Usage errors.
expect_rc 2 --progress fast "$T/spin.aut"
grep -q "unknown progress property 'fast'" "$T/err" || fail "$(cat "$T/err")"
expect_rc 2 --lockfree --progress wait-free "$T/spin.aut"
expect_rc 2 --progress all "$T/spin.aut" "$T/spin.aut"
grep -q -- "--progress takes one LTS" "$T/err" || fail "two inputs: $(cat "$T/err")"
expect_rc 2 --progress all --equiv strong "$T/spin.aut"
grep -q -- "--progress and --equiv exclude each other" "$T/err" || fail "--equiv: $(cat "$T/err")"
# An empty list is no request for lock-freedom, and 'all' is no member of a list.
expect_rc 2 --progress "" "$T/spin.aut"
grep -q -- "--progress is given an empty value" "$T/err" || fail "--progress '': $(cat "$T/err")"
for list in "lock-free,,wait-free" "wait-free," "all,lock-free"; do
  expect_rc 2 --progress "$list" "$T/spin.aut"
  grep -q "progress properties '$list': " "$T/err" || fail "--progress '$list': $(cat "$T/err")"
done
echo "all refines --progress tool tests passed"
