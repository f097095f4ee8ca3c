# gen-mpi --quotient E with the partial-order reduction writes the bytes
# of gen -j 1 | quotient -e E: the reduced LTS has its single internal
# steps merged across the ranks (distributed/tau_merge.hpp) and is never
# gathered whole. On the models of models/ (2 x 2, or 2 x 1 where 2 x 2 is
# over 20,000 states or faults), R, E and --thread-steps rotating; on
# reduction_spin.conc, whose reduced LTS has rings of single internal
# steps (a divergence one thread makes alone: the merge keeps one state of
# each ring, with a tau self-loop); and under --memory tso.
. "$SRC/tests/distributed/lib.sh"
equivalences=(strong branching divbranching)

checked=0 differs_from_full=0 i=0
compare() {  # NAME NP E GEN-ARGS...
  local name=$1 np=$2 e=$3
  shift 3
  "$BIN/gen" "$@" -j 1 -o "$work/reduced.aut" 2>/dev/null &&
    "$BIN/quotient" -e "$e" "$work/reduced.aut" -o "$work/ref.aut" || { fail "$name: gen | quotient failed"; return; }
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$@" --quotient "$e" -o "$work/dist.aut" 2>"$work/err" ||
    { fail "$name -np $np --quotient $e: exit $?: $(grep -v 'level\|round' "$work/err" | head -3)"; return; }
  cmp -s "$work/ref.aut" "$work/dist.aut" || { fail "$name -np $np $* --quotient $e: differs"; return; }
  checked=$((checked + 1))
  # The reduction must matter: under strong the quotient of the full LTS
  # is another file (a gen-mpi that ignored the reduction would fail).
  if [ "$e" = strong ]; then
    "$BIN/gen" "$@" -j 1 --no-reduce 2>/dev/null | "$BIN/quotient" -e strong - -o "$work/full.q.aut"
    cmp -s "$work/ref.aut" "$work/full.q.aut" || differs_from_full=$((differs_from_full + 1))
  fi
}

for m in "$SRC"/models/*.conc; do
  i=$((i + 1))
  np=$((1 + i % 4)) e=${equivalences[$((i % 3))]} steps=""
  [ $((i / 3 % 2)) -eq 0 ] && steps=--thread-steps
  if "$BIN/gen" "$m" -t 2 -n 2 --max-states 20000 -o /dev/null 2>/dev/null; then cfg="-t 2 -n 2"
  elif "$BIN/gen" "$m" -t 2 -n 1 --max-states 20000 -o /dev/null 2>/dev/null; then cfg="-t 2 -n 1"
  else continue; fi
  compare "$(basename "$m")" "$np" "$e" "$m" $cfg $steps
done

# Rings: the reduced LTS keeps states whose only transition is a tau
# self-loop, each the kept state of a merged ring.
spin=$SRC/tests/frontend/models/reduction_spin.conc
"$BIN/gen" "$spin" -t 2 -n 1 -j 1 -o "$work/spin.aut" 2>/dev/null
awk -F'[(,)]' 'NR > 1 { n[$2]++; if ($2 == $4 && $3 == "i") loop[$2] = 1 }
  END { for (s in loop) if (n[s] == 1) found = 1; exit !found }' "$work/spin.aut" ||
  fail "reduction_spin: no merged ring in the reduced LTS, so rings are not tested"
for np in 1 2 3 4; do
  e=${equivalences[$((np % 3))]}
  compare reduction_spin "$np" "$e" "$spin" -t 2 -n 1
  compare "reduction_spin --thread-steps" "$np" divbranching "$spin" -t 2 -n 1 --thread-steps
done

# Under store buffers the reduction keeps only its merge of single
# internal steps.
compare "peterson_counter tso" 3 divbranching "$SRC/models/peterson_counter.conc" --memory tso --buffer 4
compare "peterson_counter tso --thread-steps" 2 strong "$SRC/models/peterson_counter.conc" --memory tso --buffer 4 \
  --thread-steps

[ "$checked" -ge 40 ] || fail "only $checked comparisons ran"
[ "$differs_from_full" -ge 5 ] || fail "only $differs_from_full strong quotients differ from the full LTS's"
echo "$checked comparisons, $differs_from_full strong ones differ from the full LTS's quotient"
finish
