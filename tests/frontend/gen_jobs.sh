#!/bin/bash
# gen -j N: the same bytes as -j 1, the same fault and --max-states messages,
# and a refusal (exit 2) of a number of jobs that is not a whole number from 1.
set -u
. "$(dirname "$0")/tool_lib.sh" gen

for case in "treiber_stack -t 2 -n 2" "ms_queue -t 2 -n 2" "hm_list -t 2 -n 2" "snzi -t 2 -n 2 --thread-steps" \
            "two_lock_queue -t 3 -n 1 --spec"; do
  set -- $case
  m=$1; shift
  "$GEN" "$SRC/models/$m.conc" "$@" -j 1 -o "$tmp/one.aut" || fail "$case -j 1"
  "$GEN" "$SRC/models/$m.conc" "$@" -j 2 -o "$tmp/two.aut" || fail "$case -j 2"
  "$GEN" "$SRC/models/$m.conc" "$@" --jobs 3 > "$tmp/three.aut" || fail "$case --jobs 3"
  "$GEN" "$SRC/models/$m.conc" "$@" > "$tmp/default.aut" || fail "$case without -j"
  cmp -s "$tmp/one.aut" "$tmp/two.aut" || fail "$case: -j 2 differs from -j 1"
  cmp -s "$tmp/one.aut" "$tmp/three.aut" || fail "$case: --jobs 3 differs from -j 1"
  cmp -s "$tmp/one.aut" "$tmp/default.aut" || fail "$case: the default differs from -j 1"
done

for bad in 0 -1 x 2x "" 1.5 +2; do
  "$GEN" "$SRC/models/treiber_stack.conc" -j "$bad" -o "$tmp/bad.aut" 2> "$tmp/err"; rc=$?
  [ $rc -eq 2 ] || fail "-j '$bad': exit status $rc"
  [ ! -e "$tmp/bad.aut" ] || fail "-j '$bad' wrote output"
  grep -q -- "--jobs\|-j" "$tmp/err" || fail "-j '$bad': $(cat "$tmp/err")"
done

# A run-time fault deep in the state space (x overflows in many states of one
# level) and a --max-states stop: the same message whatever the number of jobs.
cat > "$tmp/deep.conc" <<'MODEL'
object O {
  shared x: 0..8 = 0;
  shared y: 0..3 = 0;
  method inc() { t := x; x := t + 1; }
  method flip() { u := y; if u < 3 { y := u + 1; } else { y := 0; } }
}
MODEL
for extra in "" "--max-states 4000"; do
  "$GEN" "$tmp/deep.conc" -t 3 -n inf $extra -j 1 -o "$tmp/f1.aut" 2> "$tmp/err1"; rc1=$?
  "$GEN" "$tmp/deep.conc" -t 3 -n inf $extra -j 2 -o "$tmp/f2.aut" 2> "$tmp/err2"; rc2=$?
  [ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] || fail "deep $extra: exit status $rc1, $rc2"
  [ ! -e "$tmp/f1.aut" ] && [ ! -e "$tmp/f2.aut" ] || fail "deep $extra: output left behind"
  cmp -s "$tmp/err1" "$tmp/err2" || fail "deep $extra: -j 2 says $(cat "$tmp/err2"), -j 1 says $(cat "$tmp/err1")"
done
"$GEN" "$tmp/deep.conc" -t 3 -n inf -j 2 2>&1 >/dev/null | grep -q "deep.conc:4:26: error: value 9 is outside" \
  || fail "the fault message"
exit 0
