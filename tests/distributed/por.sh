# gen-mpi's partial-order reduction against gen's on the models where the
# cycle proviso decides (distributed/ample_queries.hpp): byte-identical
# output on 1..4 ranks, with and without --thread-steps, and --quotient of
# the reduced LTS. The sweeps over models/ and the random models are
# byte_identical.sh (mode "reduced"), quotient_reduced.sh and
# random_models.sh.
. "$SRC/tests/distributed/lib.sh"

compare() {  # NAME NP GEN-ARGS...
  local name=$1 np=$2; shift 2
  "$BIN/gen" "$@" -j 1 -o "$work/ref.aut" 2>/dev/null || { fail "$name: gen failed"; return; }
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$@" -o "$work/dist.aut" 2>"$work/err" || {
    fail "$name -np $np: exit $?: $(grep -v '^gen-mpi: level' "$work/err" | head -3)"; return; }
  cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$name -np $np $*: output differs from gen"
}

# A candidate whose target is its own source. wait() spins on a private
# cell that nobody sets: `b := c.bit` is an internal step, the only one of
# its thread, on a node no other thread can reach, so it is a candidate; it
# reads 0 into b, which the loop's test then drops (dead locals are reset),
# so the step leads back to the state it leaves. That target is numbered no
# later than the source (it is the source), so the proviso refuses it and
# the state is expanded fully: the self-loop stays beside set()'s steps. A
# proviso that only refused targets numbered strictly before the source
# would keep the self-loop alone and drop set().
cat >"$work/self_loop.conc" <<'MODEL'
object Wait {
  node Cell { bit: 0..1; }
  pool 3;
  shared go: 0..1;

  method wait(): 0..1 {
    c := new Cell(0);
    loop {
      b := c.bit;
      if b == 1 { break; }
    }
    g := go;
    return g;
  }

  method set() {
    go := 1;
  }
}
MODEL
"$BIN/gen" "$work/self_loop.conc" -j 1 -o "$work/reduced.aut" 2>/dev/null || fail "self_loop: gen failed"
"$BIN/gen" "$work/self_loop.conc" -j 1 --no-reduce -o "$work/full.aut" 2>/dev/null || fail "self_loop: gen --no-reduce failed"
awk -F'[(,)]' 'NR > 1 && $2 == $4 { found = 1 } END { exit !found }' "$work/reduced.aut" ||
  fail "self_loop: the reduced LTS has no self-loop, so the case is not tested"
[ "$(head -1 "$work/reduced.aut")" != "$(head -1 "$work/full.aut")" ] || fail "self_loop: the reduction reduced nothing"
for np in 1 2 3 4; do
  compare self_loop "$np" "$work/self_loop.conc" $([ $((np % 2)) -eq 0 ] && echo --thread-steps)
done

# A divergence that only one thread's steps make (its comments argue the
# verdict): the cycle of flips must keep a fully expanded state.
for np in 1 2 3 4; do
  compare reduction_spin "$np" "$SRC/tests/frontend/models/reduction_spin.conc" \
    $([ $((np % 2)) -eq 1 ] && echo --thread-steps)
done

# --quotient of the reduced LTS (its single internal steps merged across
# the ranks): the bytes of gen | quotient -e E, on the self-loop model
# whose proviso case keeps a tau self-loop beside other steps (a state the
# merge must keep). The sweep is quotient_reduced.sh.
for e in strong branching divbranching; do
  "$BIN/gen" "$work/self_loop.conc" -j 1 2>/dev/null | "$BIN/quotient" -e "$e" - -o "$work/ref.q.aut" ||
    { fail "self_loop: gen | quotient -e $e failed"; continue; }
  rm -f "$work/q.aut"
  mpi 2 "$BIN/gen-mpi" "$work/self_loop.conc" --quotient "$e" -o "$work/q.aut" 2>"$work/err" ||
    { fail "self_loop --quotient $e: exit $?: $(grep -v 'level\|round' "$work/err" | head -3)"; continue; }
  cmp -s "$work/ref.q.aut" "$work/q.aut" || fail "self_loop --quotient $e: differs from gen | quotient"
done
finish
