#!/bin/bash
# refines from the command line: exit codes 0/1/2, --cex, stdin, --tau,
# --lockfree, --equiv, and errors with a location.
set -u
. "$(dirname "$0")/tool_lib.sh"

cat >"$T/impl.aut" <<'AUT'
des (0, 6, 6)
(0, "call(1,push,1)", 1)
(1, i, 2)
(2, "call(2,pop)", 3)
(3, "ret(2,pop,empty)", 4)
(4, "ret(1,push)", 5)
(5, i, 5)
AUT
cat >"$T/spec.aut" <<'AUT'
des (0, 5, 5)
(0, "call(1,push,1)", 1)
(1, "call(2,pop)", 2)
(2, "ret(1,push)", 3)
(3, "ret(2,pop,1)", 4)
(1, internal_step, 1)
AUT

# Trace inclusion: holds (0) and does not hold (1), with the counterexample file.
expect_rc 0 "$T/spec.aut" "$T/spec.aut"
grep -q '^holds:' "$T/out" || fail "no 'holds:' verdict"
expect_rc 1 "$T/impl.aut" "$T/spec.aut" --cex "$T/cex.txt"
grep -q '^does not hold:' "$T/out" || fail "no 'does not hold:' verdict"
printf 'call(1,push,1)\ncall(2,pop)\nret(2,pop,empty)\n' | cmp - "$T/cex.txt" || fail "--cex content"
grep -q 'ret(2,pop,empty)  <- .*spec.aut refuses this' "$T/out" || fail "refused action not marked"
# A --cex that cannot be written is refused before the check runs.
expect_rc 2 "$T/impl.aut" "$T/spec.aut" --cex ''
mkdir "$T/cexdir"
expect_rc 2 "$T/impl.aut" "$T/spec.aut" --cex "$T/cexdir"
grep -q "it is a directory" "$T/err" || fail "--cex directory: $(cat "$T/err")"
[ -s "$T/out" ] && fail "--cex directory: a verdict was printed before the refusal"
# The same verdict without --cex, and with the plain subset construction.
expect_rc 1 "$T/impl.aut" "$T/spec.aut"
expect_rc 1 --no-antichains "$T/impl.aut" "$T/spec.aut"
expect_rc 1 --reduce "$T/impl.aut" "$T/spec.aut" --cex "$T/cex2.txt"
cmp "$T/cex.txt" "$T/cex2.txt" || fail "--reduce changed the counterexample"
expect_rc 2 --reduce --lockfree "$T/impl.aut"
# --explain: one column per thread; -v: IMPL states.
expect_rc 1 --explain -v "$T/impl.aut" "$T/spec.aut"
grep -q 'thread 1 *thread 2' "$T/out" || fail "--explain header"
grep -q '2 -> 3' "$T/out" || fail "-v states"
# Standard input for one side.
"$R" - "$T/spec.aut" <"$T/impl.aut" >/dev/null; [ $? = 1 ] || fail "stdin IMPL"
"$R" "$T/spec.aut" - <"$T/spec.aut" >/dev/null; [ $? = 0 ] || fail "stdin SPEC"
# --tau hides labels in both inputs: hiding ret makes the traces agree.
expect_rc 0 "$T/impl.aut" "$T/spec.aut" --tau=ret,internal_step

# Lock-freedom: the tau self-loop of state 5 is a lasso; the spec has none
# (its loop is visible).
expect_rc 1 --lockfree "$T/impl.aut" --cex "$T/lasso.txt"
grep -q 'cycle of 1 internal step through states 5 -> 5' "$T/out" || fail "lasso cycle"
[ "$(head -4 "$T/lasso.txt" | grep -c '^[a-z]')" = 4 ] || fail "lasso stem in --cex"
[ "$(tail -n +5 "$T/lasso.txt")" = "$(printf '# cycle\ni')" ] || fail "lasso cycle in --cex: $(cat "$T/lasso.txt")"
expect_rc 0 --lockfree "$T/spec.aut"
# A branching quotient drops the divergence (state 5's loop is inert), so
# on it "holds" says nothing about the object: the verdict names its
# premise, and the divbranching quotient keeps the cycle.
"$BIN/quotient" -e branching "$T/impl.aut" -o "$T/impl.bq.aut" || fail "quotient -e branching"
"$BIN/quotient" -e divbranching "$T/impl.aut" -o "$T/impl.dq.aut" || fail "quotient -e divbranching"
expect_rc 0 --lockfree "$T/impl.bq.aut"
grep -q "lock-free, if .*impl.bq.aut keeps the divergences (gen's LTS or its divbranching quotient" "$T/out" ||
  fail "a holds on a branching quotient without its premise: $(cat "$T/out")"
expect_rc 1 --lockfree "$T/impl.dq.aut"
"$R" --lockfree <"$T/impl.aut" >/dev/null; [ $? = 1 ] || fail "--lockfree without a file reads stdin"
expect_rc 1 --lockfree "$T/spec.aut" --tau=internal_step

# A check that says nothing is refused with status 2 (docs/refines.md, "What
# refines refuses"). silent.aut has internal steps only (and a cycle of
# them); unreachable.aut has a visible action that no run reaches. Each has
# the empty trace alone, which every SPEC has: inclusion would hold.
printf 'des (0,2,2)\n(0,i,1)\n(1,i,0)\n' > "$T/silent.aut"
printf 'des (0,2,3)\n(0,i,1)\n(2,"call(1,push,1)",0)\n' > "$T/unreachable.aut"
vacuous() {  # vacuous ARGS...: status 2, the reason, no verdict
  expect_rc 2 "$@"
  grep -q "no visible action is reachable\|neither .* has a visible action" "$T/err" || fail "refines $*: $(cat "$T/err")"
  [ -s "$T/out" ] && fail "refines $*: printed a verdict"
  return 0
}
vacuous "$T/silent.aut" "$T/spec.aut"
vacuous "$T/unreachable.aut" "$T/spec.aut"
vacuous "$T/impl.aut" "$T/spec.aut" --tau=call,ret      # every action hidden
vacuous --reduce "$T/silent.aut" "$T/spec.aut"
vacuous --lockfree "$T/silent.aut"                      # its cycle is no client's
vacuous --lockfree "$T/impl.aut" --tau=call,ret
# Bisimilarity of two LTSs without a visible action is answered, with a note
# that no call is made. silent.aut is a cycle of two internal steps,
# stop.aut one state and no step: branching bisimilarity ignores the cycle
# (both can only stay silent), divbranching tells the divergence from the
# deadlock, strong sees silent's tau-step that stop cannot match; and
# unreachable.aut's one tau-step into a deadlock cannot follow silent's
# second one, so strong says no there too.
printf 'des (0,0,1)\n' > "$T/stop.aut"
silent_equiv() {  # silent_equiv STATUS ARGS...: the verdict and the note
  expect_rc "$@"
  grep -q "^refines: note: neither .* nor .* has a visible action reachable from its initial state: no call is made" "$T/err" ||
    fail "refines ${*:2}: no note: $(cat "$T/err")"
  [ -s "$T/out" ] || fail "refines ${*:2}: no verdict"
}
silent_equiv 0 --equiv branching "$T/silent.aut" "$T/stop.aut"
silent_equiv 1 --equiv divbranching "$T/silent.aut" "$T/stop.aut"
silent_equiv 1 --equiv strong "$T/silent.aut" "$T/stop.aut"
silent_equiv 0 --equiv divbranching "$T/silent.aut" "$T/silent.aut"
silent_equiv 1 --equiv strong "$T/silent.aut" "$T/unreachable.aut"
silent_equiv 0 --equiv branching "$T/silent.aut" "$T/unreachable.aut"
# A silent SPEC is no vacuous check: IMPL's first action is refused.
expect_rc 1 "$T/impl.aut" "$T/silent.aut"
expect_rc 1 --equiv branching "$T/impl.aut" "$T/silent.aut"
# No visible label in common: a warning, and the verdict as usual.
printf 'des (0,1,2)\n(0,"push(1)",1)\n' > "$T/other.aut"
expect_rc 1 "$T/impl.aut" "$T/other.aut"
grep -q "^refines: warning: .*impl.aut and .*other.aut share no visible label (.*impl.aut has e.g. \"call(1,push,1)\", .*other.aut has e.g. \"push(1)\")$" "$T/err" ||
  fail "disjoint labels: $(cat "$T/err")"
expect_rc 1 --equiv strong "$T/other.aut" "$T/impl.aut"
grep -q "share no visible label" "$T/err" || fail "--equiv disjoint labels: $(cat "$T/err")"
expect_rc 0 "$T/impl.aut" "$T/impl.aut"
[ -s "$T/err" ] && fail "a warning for shared labels: $(cat "$T/err")"
# step(T) labels are visible to trace inclusion: a warning naming --tau=step,
# and none once they are hidden.
printf 'des (0,3,4)\n(0,"call(1,push,1)",1)\n(1,"step(1)",2)\n(2,"ret(1,push)",3)\n' > "$T/steps.aut"
expect_rc 1 "$T/steps.aut" "$T/impl.aut"
grep -q "^refines: warning: .*steps.aut has step(T) labels (gen --thread-steps), e.g. \"step(1)\", .*--tau=step hides them" "$T/err" ||
  fail "step labels: $(cat "$T/err")"
expect_rc 0 --tau=step "$T/steps.aut" "$T/steps.aut"
[ -s "$T/err" ] && fail "a warning for hidden steps: $(cat "$T/err")"

# Bisimilarity.
expect_rc 0 --equiv strong "$T/impl.aut" "$T/impl.aut"
expect_rc 1 --equiv branching "$T/impl.aut" "$T/spec.aut" --cex "$T/eq.txt"
[ -s "$T/eq.txt" ] || fail "--equiv --cex"
printf 'des (0, 3, 3)\n(0, a, 1)\n(1, i, 1)\n(1, b, 2)\n' >"$T/d1.aut"
printf 'des (0, 2, 3)\n(0, a, 1)\n(1, b, 2)\n' >"$T/d2.aut"
expect_rc 0 --equiv branching "$T/d1.aut" "$T/d2.aut"
expect_rc 1 --equiv divbranching "$T/d1.aut" "$T/d2.aut"
grep -q 'diverges' "$T/out" || fail "divergence witness"
# Branching quotients lose the divergence, so d1 and d2 become divbranching
# bisimilar; the verdict is true of the files and names its premise.
"$BIN/quotient" -e branching "$T/d1.aut" -o "$T/d1.bq.aut" || fail "quotient -e branching d1"
expect_rc 0 --equiv divbranching "$T/d1.bq.aut" "$T/d2.aut"
grep -q "if .*d1.bq.aut and .*d2.aut keep their divergences" "$T/out" || fail "no premise: $(cat "$T/out")"

# Errors: exit 2, a located message, no --cex file left behind.
printf 'des (0, 2, 2)\n(0, a, 1)\n' >"$T/short.aut"
expect_rc 2 "$T/short.aut" "$T/spec.aut" --cex "$T/none.txt"
grep -q 'short.aut:[0-9]*:[0-9]*: error:' "$T/err" || fail "no located error: $(cat "$T/err")"
[ ! -e "$T/none.txt" ] || fail "--cex written on error"
expect_rc 2 "$T/missing.aut" "$T/spec.aut"
expect_rc 2 "$T/impl.aut"
expect_rc 2 - -
expect_rc 2 --lockfree "$T/impl.aut" "$T/spec.aut"
expect_rc 2 --equiv weak "$T/impl.aut" "$T/spec.aut"
expect_rc 0 --help
grep -q 'Exit status: 0' "$T/out" || fail "--help lacks the exit status"
# Sparse state numbering (up to 2^32 - 2) runs in memory that follows the
# transitions, here under 1 GB of address space, and traces show the
# file's state ids (lts/sparse_states.hpp).
printf 'des (0,2,4294967295)\n(0,"a",4000000000)\n(4000000000,"b",7)\n' > "$T/sparse_impl.aut"
printf 'des (0,1,2)\n(0,"a",1)\n' > "$T/sparse_spec.aut"
printf 'des (4,3,4294967295)\n(4,"call(1,m)",5)\n(5,i,3000000000)\n(3000000000,i,5)\n' > "$T/sparse_lasso.aut"
limit=1000000  # AddressSanitizer's shadow memory needs terabytes of address space
grep -qa __asan_init "$R" && limit=unlimited
sparse_rc() {  # sparse_rc CODE ARGS...: expect_rc in 1 GB
  (ulimit -v $limit && expect_rc "$@") || exit 1
}
sparse_rc 1 -v "$T/sparse_impl.aut" "$T/sparse_spec.aut"
grep -q '4000000000 -> 7' "$T/out" || fail "sparse trace states: $(cat "$T/out")"
sparse_rc 0 "$T/sparse_impl.aut" "$T/sparse_impl.aut"
sparse_rc 0 --equiv branching "$T/sparse_impl.aut" "$T/sparse_impl.aut"
sparse_rc 1 --reduce "$T/sparse_impl.aut" "$T/sparse_spec.aut"
sparse_rc 1 --lockfree "$T/sparse_lasso.aut"
grep -q 'through states 5 -> 3000000000 -> 5' "$T/out" || fail "sparse lasso states: $(cat "$T/out")"
echo "all refines tool tests passed"
