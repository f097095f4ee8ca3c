#!/bin/bash
# gen --symmetry writes the divbranching quotient of the object system
# (docs/reduction.md, "Thread symmetry"): on every model of models/ that
# names no thread, at 2x2, 2x3, 3x1 and 3x2 (up to 100,000 full states),
# its output has the size of `gen --no-reduce | quotient -e divbranching`
# and is strongly bisimilar to it (two minimal LTSs: isomorphic), and so
# are the --spec LTSs; a model with a reachable fault fails either way. The
# models that name a thread are refused at the place that does, and so are
# the options symmetry cannot serve. The queues with hazard pointers are
# explored up to rotations and compared at 3x1 and 2x2.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines

header() { head -1 "$1" | cut -d, -f2-; }

# same_quotient MODEL THREADS OPS [--spec]: 0 compared, 1 skipped (too large), 2 refused
same_quotient() {
  local m=$1 t=$2 n=$3 spec=${4:-} name
  name="$(basename "$m" .conc) ${t}x$n $spec"
  "$GEN" "$m" -t "$t" -n "$n" $spec --no-reduce --max-states 100000 -o "$tmp/full.aut" 2> "$tmp/err.full"
  local rc_full=$?
  if [ $rc_full -ne 0 ] && grep -q "max-states" "$tmp/err.full"; then return 1; fi
  rm -f "$tmp/sym.aut"
  "$GEN" "$m" -t "$t" -n "$n" $spec --symmetry -o "$tmp/sym.aut" 2> "$tmp/err.sym"
  local rc_sym=$?
  if [ $rc_sym -ne 0 ] && grep -q -- "--symmetry needs a model" "$tmp/err.sym"; then
    grep -q "^$m:[0-9]*:[0-9]*: error" "$tmp/err.sym" || fail "$name: the refusal names no place: $(cat "$tmp/err.sym")"
    return 2
  fi
  [ $rc_full = $rc_sym ] || fail "$name: exit $rc_full without symmetry, $rc_sym with it: $(cat "$tmp/err.sym")"
  if [ $rc_full -ne 0 ]; then
    [ $rc_full = 2 ] && grep -q "error" "$tmp/err.sym" || fail "$name: exit $rc_full, or no message"
    [ ! -e "$tmp/sym.aut" ] || fail "$name: partial output after a fault"
    return 0
  fi
  "$QUOTIENT" -e divbranching "$tmp/full.aut" -o "$tmp/full.q.aut" || fail "$name: quotient"
  [ "$(header "$tmp/full.q.aut")" = "$(header "$tmp/sym.aut")" ] ||
    fail "$name: sizes differ: $(head -1 "$tmp/full.q.aut") against $(head -1 "$tmp/sym.aut") with --symmetry"
  "$REFINES" --equiv strong "$tmp/full.q.aut" "$tmp/sym.aut" > "$tmp/out" ||
    fail "$name: the quotients are not isomorphic: $(head -5 "$tmp/out")"
  # The quotient of the output is the output, up to the order of ties.
  "$QUOTIENT" -e divbranching "$tmp/sym.aut" -o "$tmp/sym.q.aut" || fail "$name: quotient of the output"
  [ "$(header "$tmp/sym.q.aut")" = "$(header "$tmp/sym.aut")" ] || fail "$name: the output is not minimal"
  echo "$name: $(head -1 "$tmp/full.aut") full, $(head -1 "$tmp/sym.aut") with --symmetry"
  return 0
}

compared=0 refused=0 skipped=0
for m in "$SRC"/models/*.conc; do
  for tn in "2 2" "2 3" "3 1" "3 2"; do
    set -- $tn
    same_quotient "$m" "$1" "$2"
    case $? in 0) compared=$((compared + 1)) ;; 1) skipped=$((skipped + 1)) ;; 2) refused=$((refused + 1)) ;; esac
  done
  same_quotient "$m" 2 2 --spec && compared=$((compared + 1))
done
[ $compared -ge 50 ] || fail "only $compared configurations compared"
[ $refused -ge 20 ] || fail "only $refused configurations refused: the check on tid is missing?"
echo "$compared compared, $refused refused (tid), $skipped beyond 100,000 states"

# The queues with hazard pointers name a thread only as an index relative
# to it, so they are explored up to rotations: beyond 100,000 full states,
# compared with the divbranching quotient of the reduced route (itself
# compared with the full one in reduction_models.sh).
for m in ms_queue_bounded dglm_queue_bounded; do
  for tn in "3 1" "2 2"; do
    set -- $tn
    "$GEN" "$SRC/models/$m.conc" -t "$1" -n "$2" --symmetry -o "$tmp/sym.aut" || fail "$m ${1}x$2: --symmetry"
    "$GEN" "$SRC/models/$m.conc" -t "$1" -n "$2" | "$QUOTIENT" -e divbranching - -o "$tmp/red.q.aut"
    "$REFINES" --equiv strong "$tmp/red.q.aut" "$tmp/sym.aut" > "$tmp/out" ||
      fail "$m ${1}x$2: the quotients are not isomorphic: $(head -5 "$tmp/out")"
    echo "$m ${1}x$2: $(head -1 "$tmp/sym.aut") up to rotations"
  done
done

# The options that symmetry cannot serve: exit 2, a message, no output.
M="$SRC/models/treiber_stack.conc"
for refusal in "thread-steps|--thread-steps" "at most 6 threads|-t 7" \
  "--replay follows the LTS without --symmetry|--replay-fault"; do
  IFS='|' read -r message option <<<"$refusal"
  gen_refuses "$option" "$message" "$M" --symmetry $option -o "$tmp/x.aut"
  [ ! -e "$tmp/x.aut" ] || fail "$option: output written"
done

# An initial state that is not symmetric (tests/frontend/models/symmetry_init.conc):
# the quotient keeps the threads' names (ret(1,m,1), never ret(1,m,0)),
# and a fault's run is found although the state gen stores is a permuted
# representative.
S="$SRC/tests/frontend/models/symmetry_init.conc"
"$GEN" "$S" --object Fits -t 2 --symmetry -o "$tmp/sym.aut" || fail "symmetry_init Fits"
"$GEN" "$S" --object Fits -t 2 --no-reduce | "$QUOTIENT" -e divbranching - -o "$tmp/full.q.aut"
"$REFINES" --equiv strong "$tmp/full.q.aut" "$tmp/sym.aut" > "$tmp/out" || fail "symmetry_init Fits: $(head -3 "$tmp/out")"
grep -q '"ret(1,m,1)"' "$tmp/sym.aut" && ! grep -q '"ret(1,m,0)"' "$tmp/sym.aut" ||
  fail "symmetry_init Fits: the threads' names are swapped"
"$GEN" "$S" --object Overflows -t 2 --symmetry -o "$tmp/x.aut" 2> "$tmp/err"
[ $? = 2 ] || fail "symmetry_init Overflows: exit 2 expected"
grep -q "note: a run that reaches it (ti:i is an internal step of thread i): call(1,m) t1:i t1:i$" "$tmp/err" ||
  fail "symmetry_init Overflows: $(cat "$tmp/err")"
