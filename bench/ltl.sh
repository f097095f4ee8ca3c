#!/bin/bash
# refines --ltl on gen's LTS and on its divbranching quotient, and SPIN on
# gen's LTS (tests/ltl/ltl_spin_check: spin -f, spin -a, compiling pan.c,
# pan -a; "-" without spin on PATH): one row per (model, formula) with both
# sizes, the three times (seconds, wall clock) and SPIN's time over
# refines' on the LTS. The verdicts must agree.
#   bash bench/ltl.sh [BUILD_DIR]
set -eu
B=${1:-build}/tools
S=${1:-build}/tests/ltl/ltl_spin_check
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
rows=(
  "models/treiber_stack.conc|-t 2 -n 2|G (call(1,push,*) -> F ret(1,push))"
  "models/ms_queue.conc|-t 2 -n 2|G (call(1,enq,*) -> F ret(1,enq))"
  "models/ms_queue.conc|-t 2 -n 2|G F call(1,*)"
)
now() { date +%s.%N; }
printf '%-28s %-40s %10s %10s %9s %9s %9s %9s %7s\n' model formula lts_states q_states t_lts t_q t_spin spin/lts verdict
for r in "${rows[@]}"; do
  IFS='|' read -r model opts formula <<< "$r"
  # shellcheck disable=SC2086
  "$B/gen" "$model" $opts -o "$t/l.aut" 2>/dev/null
  "$B/quotient" -e divbranching "$t/l.aut" -o "$t/q.aut" 2>/dev/null
  s0=$(now); set +e; "$B/refines" --ltl "$formula" "$t/l.aut" > /dev/null 2>&1; v=$?; s1=$(now)
  "$B/refines" --ltl "$formula" "$t/q.aut" > /dev/null 2>&1; w=$?; s2=$(now)
  t_spin=- ratio=-
  if command -v spin > /dev/null && [ -x "$S" ]; then
    "$S" "$t/l.aut" "$formula" > /dev/null; x=$?; s3=$(now)
    [ "$v" = "$x" ] || { echo "SPIN's verdict differs on $model: $formula" >&2; exit 1; }
    t_spin=$(printf '%.3f' "$(echo "$s3 - $s2" | bc)")
    ratio=$(printf '%.1f' "$(echo "($s3 - $s2) / ($s1 - $s0)" | bc -l)")
  fi
  set -e
  [ "$v" = "$w" ] || { echo "verdicts differ on $model: $formula" >&2; exit 1; }
  printf '%-28s %-40s %10s %10s %9.3f %9.3f %9s %9s %7s\n' "$(basename "$model")" "$formula" \
    "$(head -1 "$t/l.aut" | cut -d, -f3 | tr -d ')')" "$(head -1 "$t/q.aut" | cut -d, -f3 | tr -d ')')" \
    "$(echo "$s1 - $s0" | bc)" "$(echo "$s2 - $s1" | bc)" "$t_spin" "$ratio" "$([ "$v" = 0 ] && echo holds || echo fails)"
done
