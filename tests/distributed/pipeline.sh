# gen-mpi --quotient E generates and reduces on R ranks without any rank
# holding the LTS whole, and writes the bytes of gen --no-reduce | quotient
# -e E: on every model of models/ (2 x 2, or 2 x 1 where 2 x 2 is over
# 30,000 states or faults), R, E and --thread-steps rotating over the
# models; on the fine-grained list calling for ever (cycles); a fault of
# the model and an unknown E end with exit 2 and no output.
. "$SRC/tests/distributed/lib.sh"
equivalences=(strong branching divbranching)

checked=0 i=0
for m in "$SRC"/models/*.conc; do
  i=$((i + 1))
  np=$((1 + i % 4)) e=${equivalences[$((i % 3))]} steps=""
  [ $((i / 3 % 2)) -eq 0 ] && steps=--thread-steps
  if "$BIN/gen" "$m" -t 2 -n 2 --no-reduce --max-states 30000 -o /dev/null 2>/dev/null; then cfg="-t 2 -n 2"
  elif "$BIN/gen" "$m" -t 2 -n 1 --no-reduce --max-states 30000 -o /dev/null 2>/dev/null; then cfg="-t 2 -n 1"
  else continue; fi
  "$BIN/gen" "$m" $cfg $steps --no-reduce -o "$work/full.aut" 2>/dev/null &&
    "$BIN/quotient" -e "$e" "$work/full.aut" -o "$work/ref.aut" || { fail "$(basename "$m"): gen | quotient failed"; continue; }
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$m" $cfg $steps --no-reduce --quotient "$e" -o "$work/dist.aut" 2>"$work/err" ||
    { fail "$(basename "$m") -np $np --quotient $e: exit $?: $(grep -v 'level\|round' "$work/err" | head -3)"; continue; }
  cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$(basename "$m") -np $np $cfg $steps --quotient $e: differs"
  checked=$((checked + 1))
done
"$BIN/gen" "$SRC/models/fine_list.conc" -t 2 -n inf --no-reduce -o "$work/full.aut" 2>/dev/null
"$BIN/quotient" -e divbranching "$work/full.aut" -o "$work/ref.aut"
mpi 3 "$BIN/gen-mpi" "$SRC/models/fine_list.conc" -t 2 -n inf --no-reduce --quotient divbranching -o "$work/dist.aut" 2>/dev/null &&
  cmp -s "$work/ref.aut" "$work/dist.aut" && checked=$((checked + 1)) || fail "fine_list inf --quotient divbranching differs"
[ "$checked" -ge 20 ] || fail "only $checked comparisons ran"
echo "$checked comparisons"

ends_with_fault "fault under --quotient" 2 --no-reduce --quotient branching
mpi 2 "$BIN/gen-mpi" "$SRC/models/treiber_stack.conc" --no-reduce --quotient weak -o "$work/o.aut" 2>"$work/err"; rc=$?
[ "$rc" -eq 2 ] && [ ! -e "$work/o.aut" ] || fail "--quotient weak: exit $rc"
finish
