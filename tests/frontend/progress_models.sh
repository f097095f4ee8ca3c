#!/bin/bash
# The hand-made progress models of models/ (verdicts argued in their
# comments), 2 threads, operations forever, with thread-attributed steps:
# lock-freedom through the divergence-sensitive quotient with every step(T)
# hidden (quotient --tau=step -e divbranching | refines --lockfree), and all
# five properties with refines --progress when that option exists, on both
# routes (--progress-on input, each check on its own quotient).
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines
verdict() { case $1 in 0) echo true ;; 1) echo false ;; *) echo "error($1)" ;; esac; }
progress=0
"$BIN/refines" --help 2>/dev/null | grep -q -- "--progress" && progress=1

# model: lock-free wait-free obstruction-free deadlock-free starvation-free
while read -r model lf wf of df sf; do
  "$BIN/gen" "$SRC/models/$model.conc" --threads 2 --ops inf --thread-steps -o "$tmp/$model.aut" ||
    fail "gen $model"
  "$BIN/quotient" --tau=step -e divbranching "$tmp/$model.aut" -o "$tmp/$model.dq.aut" || fail "quotient $model"
  "$BIN/refines" --lockfree "$tmp/$model.dq.aut" > /dev/null
  got=$(verdict $?)
  [ "$got" = "$lf" ] || fail "$model: lock-free by the divbranching quotient is $got, expected $lf"
  [ $progress = 1 ] || continue
  set -- "$lf" "$wf" "$of" "$df" "$sf"
  for p in lock-free wait-free obstruction-free deadlock-free starvation-free; do
    for on in input quotients; do
      "$BIN/refines" --progress "$p" --progress-on $on "$tmp/$model.aut" > /dev/null
      got=$(verdict $?)
      [ "$got" = "$1" ] || fail "$model: refines --progress $p --progress-on $on says $got, expected $1"
    done
    shift
  done
done <<'TABLE'
tas_counter      false false false true  false
ticket_counter   false false false true  true
livelock_counter false false true  false false
wf_register      true  true  true  true  true
deadlock         false false false false false
treiber_bounded  true  false true  true  false
TABLE
[ $progress = 1 ] || echo "note: refines has no --progress yet: only lock-freedom was checked"
echo PASS
