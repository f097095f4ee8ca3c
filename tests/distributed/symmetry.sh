# gen-mpi --symmetry --no-reduce on R ranks writes the bytes of
# gen --symmetry --no-reduce -j 1 (the divbranching quotient modulo thread
# symmetry, computed from the orbit LTS; docs/scaling.md), and with MODE
# "reduced" gen-mpi --symmetry those of gen --symmetry (the partial-order
# reduction on the orbit LTS, its cycle proviso on the representatives): on every model of
# models/ at 2 x 2, or 3 x 1, or 2 x 1, the first under 30,000 orbits (R
# rotating over 1..4); a model gen --symmetry refuses is refused by gen-mpi
# with the same first line and exit 2, and no output; on the model whose
# initial state is not symmetric (tests/frontend/models/symmetry_init.conc)
# and the Treiber stack at 3 x 1 at every R; on random models without `tid`
# or with flags indexed relative to the thread (explored up to rotations)
# and on random litmus tests indexed relative to the thread; where gen
# stops on a run-time fault, gen-mpi exits 2 too and writes nothing.
MODE=${1:-full}
reduce=--no-reduce
case $MODE in full) ;; reduced) reduce="" ;; *) echo "symmetry.sh: unknown mode $MODE" >&2; exit 2 ;; esac
. "$SRC/tests/distributed/lib.sh"
printer="$BIN/../tests/support/print_random_model"
[ -x "$printer" ] || { echo "skipped: print_random_model not built"; exit 77; }

# compare NAME NP GEN-ARGS...: gen-mpi against gen, whatever gen's outcome.
compare() {
  local name=$1 np=$2; shift 2
  "$BIN/gen" "$@" --symmetry $reduce -j 1 -o "$work/ref.aut" 2>"$work/ref.err"; local ref=$?
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$@" --symmetry $reduce -o "$work/dist.aut" 2>"$work/err"; local got=$?
  if [ "$ref" -eq 0 ]; then
    [ "$got" -eq 0 ] || { fail "$name -np $np: exit $got: $(grep -v '^gen-mpi: level' "$work/err" | head -3)"; return; }
    cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$name -np $np: output differs from gen"
    compared=$((compared + 1))
    return
  fi
  [ "$got" -eq "$ref" ] || fail "$name -np $np: gen exited $ref, gen-mpi $got: $(head -2 "$work/err")"
  [ ! -e "$work/dist.aut" ] || fail "$name -np $np: gen-mpi left output where gen failed"
  if grep -q -- "--symmetry needs a model" "$work/ref.err"; then
    [ "$(head -1 "$work/ref.err")" = "$(head -1 "$work/err")" ] ||
      fail "$name -np $np: refused otherwise than gen: $(head -1 "$work/err")"
    refused=$((refused + 1))
  else
    faulted=$((faulted + 1))
  fi
}

# The first configuration under 30,000 orbits, or the first at all (a
# model gen refuses, or one that faults, is refused or fails alike at each).
configuration() {  # MODEL
  local cfg
  for cfg in "-t 2 -n 2" "-t 3 -n 1" "-t 2 -n 1"; do
    "$BIN/gen" "$1" $cfg --symmetry --no-reduce -j 1 --max-states 30000 -o /dev/null 2>"$work/probe.err" && {
      echo "$cfg"; return 0; }
    grep -q "max-states" "$work/probe.err" || { echo "$cfg"; return 0; }
  done
  return 1
}

compared=0 refused=0 faulted=0 i=0
for m in "$SRC"/models/*.conc; do
  i=$((i + 1))
  cfg=$(configuration "$m") || continue
  compare "$(basename "$m") $cfg" $((1 + i % 4)) "$m" $cfg
done
models_compared=$compared
[ "$models_compared" -ge 20 ] || fail "only $models_compared models of models/ compared"
[ "$refused" -ge 10 ] || fail "only $refused models refused: the check on tid is missing?"

for np in 1 2 3 4; do
  compare "symmetry_init 3x1" "$np" "$SRC/tests/frontend/models/symmetry_init.conc" -t 3 -n 1
  compare "treiber_stack 3x1" "$np" "$SRC/models/treiber_stack.conc" -t 3 -n 1
done

# Random models (a fifth with thread-indexed flags, explored up to
# rotations) and rotation litmus tests.
rounds=${BB_MPI_RANDOM_ROUNDS:-10}
(cd "$work" && "$printer" --symmetric $(seq 1 "$rounds") && "$printer" --rotation-litmus $(seq 1 "$rounds")) ||
  { fail "print_random_model failed"; finish; }
before=$compared
for seed in $(seq 1 "$rounds"); do
  np=$((1 + seed % 4))
  cfg="-t 2 -n 1"; [ $((seed % 2)) -eq 0 ] && cfg="-t 3 -n 1"
  if "$BIN/gen" "$work/R$seed.conc" $cfg --symmetry --no-reduce --max-states 20000 -o /dev/null 2>"$work/probe.err" ||
    ! grep -q "max-states" "$work/probe.err"; then
    compare "random model $seed $cfg" "$np" "$work/R$seed.conc" $cfg
  fi
  compare "rotation litmus $seed" $((1 + (seed + 1) % 4)) "$work/L$seed.conc" -t 3 -n 1
done
# Most random models run to the end; a test that compared few proves little.
[ $(((compared - before) * 4)) -ge $((rounds * 2 * 3)) ] ||
  fail "only $((compared - before)) of $((rounds * 2)) random models compared"

# A run-time fault under --symmetry: exit 2 on every rank, no output.
ends_with_fault "fault under --symmetry" 3 --symmetry $reduce

echo "$compared compared ($models_compared of models/), $refused refused alike, $faulted faulted alike"
finish
