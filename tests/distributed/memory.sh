# gen-mpi under --memory tso|pso writes the bytes of gen -j 1: on the
# weak-memory case studies (docs/memory-models.md, "Case studies") with
# and without their fences, with and without --no-reduce (under buffers
# the reduction keeps only its merge of single internal steps: no step is
# independent, so no candidate is asked about), R and --thread-steps
# rotating; --quotient on the full LTS; a store into a full buffer (a
# run-time fault) ends the run with exit 2 and no output; --symmetry with
# buffers is refused as gen refuses it.
. "$SRC/tests/distributed/lib.sh"
D=$SRC/models
checked=0 n=0
compare() {  # NAME GEN-ARGS...
  local name=$1 np
  shift
  n=$((n + 1)); np=$((1 + n % 4))
  "$BIN/gen" "$@" -j 1 -o "$work/ref.aut" 2>/dev/null || { fail "$name: gen failed"; return; }
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$@" -o "$work/dist.aut" 2>"$work/err" ||
    { fail "$name -np $np: exit $?: $(grep -v '^gen-mpi: level' "$work/err" | head -3)"; return; }
  cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$name -np $np $*: output differs from gen"
  checked=$((checked + 1))
}
cases=(
  "chase_lev_deque.conc --object ChaseLev --ops 3 --buffer 6"
  "chase_lev_deque.conc --object ChaseLevFenced --ops 3 --buffer 6"
  "the_deque.conc --object The --ops 2 --buffer 4"
  "dekker_counter.conc --object DekkerFencedPso --ops 2 --buffer 6"
  "peterson_counter.conc --ops 2 --buffer 8"
  "seqlock_register.conc --object SeqLockRegisterFenced --ops 2 --buffer 4"
  "message_passing.conc --ops 2 --buffer 2"
  "clh_counter.conc -t 3 --buffer 4"
  "mcs_counter.conc --object McsCounterFenced --ops 2 --buffer 4"
  "treiber_stack.conc -t 2 -n 2 --buffer 2"
)
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086
  set -- $c
  m=$1; shift
  for mm in tso pso; do
    steps=""; [ $((n % 3)) -eq 0 ] && steps=--thread-steps
    compare "$m $* --memory $mm" "$D/$m" "$@" --memory "$mm" $steps
    compare "$m $* --memory $mm --no-reduce" "$D/$m" "$@" --memory "$mm" --no-reduce $steps
  done
done
[ "$checked" -eq 40 ] || fail "only $checked of 40 comparisons ran"

# The quotient of the full LTS under buffers, never gathered whole.
"$BIN/gen" "$D/peterson_counter.conc" --memory tso --buffer 4 --no-reduce 2>/dev/null |
  "$BIN/quotient" -e divbranching - -o "$work/ref.q.aut" || fail "gen | quotient under tso"
mpi 3 "$BIN/gen-mpi" "$D/peterson_counter.conc" --memory tso --buffer 4 --no-reduce --quotient divbranching \
  -o "$work/dist.q.aut" 2>"$work/err" || fail "--quotient under tso: exit $?: $(head -3 "$work/err")"
cmp -s "$work/ref.q.aut" "$work/dist.q.aut" || fail "--quotient under tso differs from gen | quotient"

# Dekker's back-off stores on every round: at 2 operations it fills any
# buffer, a fault at the store (docs/memory-models.md, "Bound").
rm -f "$work/o.aut"
mpi 2 "$BIN/gen-mpi" "$D/dekker_counter.conc" --ops 2 --memory tso --buffer 2 -o "$work/o.aut" 2>"$work/err"; rc=$?
[ "$rc" -eq 2 ] || fail "full buffer: exit $rc, expected 2"
[ ! -e "$work/o.aut" ] || fail "full buffer: output left behind"
grep -q "store buffer full" "$work/err" || fail "full buffer: message: $(head -2 "$work/err")"

"$BIN/gen" "$D/treiber_stack.conc" --symmetry --memory tso -o "$work/o.aut" 2>"$work/ref.err"; ref=$?
mpi 2 "$BIN/gen-mpi" "$D/treiber_stack.conc" --symmetry --memory tso -o "$work/o.aut" 2>"$work/err"; rc=$?
[ "$ref" -eq 2 ] && [ "$rc" -eq 2 ] || fail "--symmetry --memory tso: gen exit $ref, gen-mpi $rc"
grep -q "not available with --memory tso" "$work/err" || fail "--symmetry --memory tso: $(head -2 "$work/err")"
[ ! -e "$work/o.aut" ] || fail "--symmetry --memory tso: output left behind"
finish
