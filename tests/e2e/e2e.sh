#!/usr/bin/env bash
# End-to-end test: bench/table1.sh --quick must reproduce every expected
# verdict of models/cases.csv (except rows listed in known_failures.txt,
# which must still fail), and the counterexamples of the rows expected to be
# not linearizable or not lock-free are replayed on the concrete LTS by
# replay.awk, independently of the tools that found them. The five progress
# columns (lock_free .. starvation_free) are compared too.
# Where a row names a forever_witness, the properties it refutes for clients
# that call for ever (refuted_forever) are compared too, and the witness
# must not replay with a bounded number of operations (its cycle contains
# calls, so a bounded client cannot repeat it). Every counterexample (the
# linearizability trace, the lock-freedom lasso, the lasso of each failing
# progress property) also replays on the model at the source level
# (gen --replay).
# Env: BIN (built tools), SRC (the repository), E2E_ONLY (row ids),
# E2E_LARGER=1: table1.sh without --quick, one more operation per row (the
# verdicts of cases.csv hold there too; scripts/full-check.sh runs it).
set -uo pipefail
src=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
here=$src/tests/e2e
export BIN=${BIN:-$src/build/tools}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

size=--quick
[ -z "${E2E_LARGER:-}" ] || size=
bash "$src/bench/table1.sh" $size --keep "$dir/keep" ${E2E_ONLY:+--only $E2E_ONLY} >"$dir/table.csv" 2>"$dir/stderr.txt"
rc=$?
cat "$dir/table.csv"
[ $rc = 0 ] || { cat "$dir/stderr.txt"; bad "table1.sh exit status $rc"; }

declare -A known
while read -r id reason; do
  [ -z "$id" ] || [ "${id#\#}" != "$id" ] || known[$id]=$reason
done <"$here/known_failures.txt"

# got ID COLUMN: a measured verdict (column 6 linearizable, 7 lockfree,
# 8-12 lock_free, wait_free, obstruction_free, deadlock_free, starvation_free,
# 13 refuted_forever).
got() { awk -F, -v id="$1" -v c="$2" '$1 == id { print $c }' "$dir/table.csv"; }

# replay ID MODE CEX LTS: the counterexample replays on the concrete LTS.
replay() { [ "$(awk -v mode="$2" -f "$here/replay.awk" "$3" "$4")" = yes ]; }

# line CEX OUT: the trace as a line-shaped LTS.
line() {
  awk 'BEGIN { n = 0 } { l[n++] = $0 } END {
    printf "des (0, %d, %d)\n", n, n + 1
    for (i = 0; i < n; i++) printf "(%d, \"%s\", %d)\n", i, l[i], i + 1 }' "$1" >"$2"
}

# source_replay WHAT ID FILE IMPL K N CEX [GEN OPTION...]: gen --replay finds
# the counterexample's run of the model at the source level, ending on the
# refused action (a trace) or back at the cycle's first state (a lasso).
source_replay() {
  local what=$1 id=$2 f o cex=$7
  case $4 in *:*) f=$src/models/${4%%:*} o=${4##*:} ;; *) f=$src/models/$3 o=$4 ;; esac
  "$BIN/gen" "$f" --object "$o" --threads "$5" --ops "$6" "${@:8}" --replay "$cex" >"$dir/replay.txt" 2>"$dir/replay.err" ||
    { bad "$id: the $what does not replay on the model: $(cat "$dir/replay.err")"; return 1; }
  tail -1 "$dir/replay.txt" | grep -q "back to the state before step\|the specification cannot do this" ||
    { bad "$id: the replay of the $what ends elsewhere: $(tail -1 "$dir/replay.txt")"; return 1; }
}

# check_lin_cex ID FILE IMPL K N
check_lin_cex() {
  local id=$1 d=$dir/keep/$1
  [ -s "$d/lin.cex" ] || { bad "$id: no linearizability counterexample"; return; }
  replay "$id" trace "$d/lin.cex" "$d/impl.aut" || bad "$id: the counterexample is not a trace of the concrete object"
  head -n -1 "$d/lin.cex" >"$d/prefix.cex"
  line "$d/lin.cex" "$d/line.aut"; line "$d/prefix.cex" "$d/prefix.aut"
  "$BIN/refines" "$d/line.aut" "$d/spec.aut" >/dev/null; [ $? = 1 ] || bad "$id: the specification can follow the counterexample"
  "$BIN/refines" "$d/prefix.aut" "$d/spec.aut" >/dev/null || bad "$id: the specification cannot follow the counterexample's prefix"
  source_replay "linearizability counterexample" "$@" "$d/lin.cex" || return
  echo "ok: $id: the linearizability counterexample ($(wc -l <"$d/lin.cex") actions) replays on the concrete LTS and on the model"
}

# check_lf_cex ID FILE IMPL K N
check_lf_cex() {
  local id=$1 d=$dir/keep/$1
  [ -f "$d/lf.cex" ] || { bad "$id: no lock-freedom counterexample"; return; }
  grep -qx "# cycle" "$d/lf.cex" || bad "$id: the lasso has no cycle"
  sed '/^# cycle$/,$d' "$d/lf.cex" >"$d/lf.stem"  # the stem's visible labels
  replay "$id" lasso "$d/lf.stem" "$d/impl.aut" || bad "$id: the concrete object cannot diverge after the lasso's stem"
  source_replay "lock-freedom lasso" "$@" "$d/lf.cex" || return
  echo "ok: $id: the lock-freedom lasso ($(wc -l <"$d/lf.stem") actions, then internal steps for ever) replays on the concrete LTS and on the model"
}

# check_progress_lassos ID FILE IMPL K OPS: every lasso `refines --progress
# all --cex` writes for the row's thread-steps LTS replays on the model at
# the source level (gen --replay: a run of the model, stem then a cycle back
# to the same state). The lassos are found on quotients, so a cycle may close
# in the model only after several rounds (docs/replay.md).
check_progress_lassos() {
  local id=$1 d=$dir/keep/$1 p n=0 failed=0
  "$BIN/refines" --progress all "$d/steps.aut" --cex "$d/lassos" >/dev/null
  [ $? = 1 ] || { bad "$id: refines --progress all --cex finds no failing property"; return; }
  for p in $(sed -n 's/^# lasso //p' "$d/lassos"); do
    if source_replay "$p lasso" "$@" "$d/lassos" --thread-steps --replay-property "$p"; then n=$((n + 1)); else failed=1; fi
  done
  [ $failed = 1 ] || echo "ok: $id: its $n progress lasso(s) replay on the model at the source level"
}

# check_forever_bounded ID FILE OBJECT K WITNESS: the witness needs operations for ever.
check_forever_bounded() {
  local w=$src/models/$5 opts
  read -r -a opts <<<"$(sed -n 's/^# options: //p' "$w")"
  "$BIN/gen" "$src/models/$2" --object "$3" --threads "$4" --ops 2 --thread-steps "${opts[@]}" --replay "$w" \
    >/dev/null 2>"$dir/bounded.err"
  if [ $? = 2 ] && grep -q "does not belong" "$dir/bounded.err"; then
    echo "ok: $1: its witness for clients that call for ever does not replay at 2 operations per thread"
  else
    bad "$1: the witness $5 replays with 2 operations per thread, or the replay failed otherwise"
  fi
}

while IFS=, read -r id name file impl spec abstract k n want_lin want_lf progress_ops \
                    want_lock want_wait want_obstruction want_deadlock want_starvation forever_witness want_forever; do
  [ "$id" = id ] && continue
  [ -z "$id" ] || [ "${id#\#}" != "$id" ] && continue
  [ -z "${E2E_ONLY:-}" ] || [[ ,$E2E_ONLY, == *",$id,"* ]] || continue
  lin=$(got "$id" 6); lf=$(got "$id" 7)
  want_progress="$want_lock,$want_wait,$want_obstruction,$want_deadlock,$want_starvation"
  progress=$(got "$id" 8),$(got "$id" 9),$(got "$id" 10),$(got "$id" 11),$(got "$id" 12)
  ok=1
  [ "$lin" = "$want_lin" ] && [ "$lf" = "$want_lf" ] && [ "$progress" = "$want_progress" ] || ok=0
  if [ -n "${known[$id]+x}" ]; then
    if [ $ok = 1 ]; then bad "$id: listed in known_failures.txt but gives the expected verdicts: remove its line"
    else echo "expected failure: $id ($name): linearizable=$lin lockfree=$lf progress=$progress (${known[$id]})"; fi
    continue
  fi
  [ $ok = 1 ] || { bad "$id ($name): linearizable=$lin lockfree=$lf progress=$progress, expected $want_lin/$want_lf/$want_progress"; continue; }
  forever=$(got "$id" 13)
  [ "$forever" = "$want_forever" ] || { bad "$id ($name): refuted_forever=$forever, expected $want_forever"; continue; }
  [ -z "$forever_witness" ] || check_forever_bounded "$id" "$file" "$impl" "$k" "$forever_witness"
  pn=$n; [ -z "${E2E_LARGER:-}" ] || pn=$((n + 1))
  [ "$want_lin" != false ] || check_lin_cex "$id" "$file" "$impl" "$k" "$pn"
  [ "$want_lf" != false ] || check_lf_cex "$id" "$file" "$impl" "$k" "$pn"
  [[ $want_progress != *false* ]] || check_progress_lassos "$id" "$file" "$impl" "$k" "${progress_ops:-$pn}"
done <"$src/models/cases.csv"
# A tool that fails on a row (the ticket lock's init refuses a fourth
# thread) shows as `error` and makes table1.sh exit 1, not 0.
bash "$src/bench/table1.sh" --quick --only 22 --threads 4 --ops 1 >"$dir/failing.csv" 2>/dev/null
rc=$?
[ $rc = 1 ] && grep -q '^22,.*,error,' "$dir/failing.csv" ||
  bad "table1.sh on a row whose model refuses 4 threads: exit $rc, $(tail -1 "$dir/failing.csv")"
[ $fail = 0 ] && echo "e2e: all verdicts as expected"
exit $fail
