# gen-mpi on 2, 3 or 4 ranks writes the bytes of gen -j 1 on the random
# models of tests/support/random_model.hpp (2 threads x 1 operation,
# BB_MPI_RANDOM_ROUNDS seeds, default 24), with and without --thread-steps,
# each seed with --no-reduce and with the default partial-order reduction
# (its cycle proviso across ranks: distributed/ample_queries.hpp), on
# different rank counts; where gen stops on a run-time fault of the model,
# gen-mpi also exits 2 and writes nothing (the faulting state it names may
# differ, docs/scaling.md).
. "$SRC/tests/distributed/lib.sh"
printer="$BIN/../tests/support/print_random_model"
[ -x "$printer" ] || { echo "skipped: print_random_model not built"; exit 77; }
rounds=${BB_MPI_RANDOM_ROUNDS:-24}
(cd "$work" && "$printer" $(seq 1 "$rounds")) || { fail "print_random_model failed"; finish; }

compared=0 faulted=0 reduced=0
compare() {  # SEED NP STEPS REDUCE
  local seed=$1 np=$2 steps=$3 reduce=$4 m="$work/R$1.conc"
  "$BIN/gen" "$m" -t 2 -n 1 $reduce -j 1 --max-states 20000 $steps -o "$work/ref.aut" 2>"$work/ref.err"; ref=$?
  grep -q "max-states" "$work/ref.err" && return
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$m" -t 2 -n 1 $reduce $steps -o "$work/dist.aut" 2>"$work/err"; got=$?
  if [ "$ref" -eq 0 ]; then
    [ "$got" -eq 0 ] || { fail "seed $seed -np $np $reduce: exit $got: $(grep -v '^gen-mpi: level' "$work/err" | head -3)"; return; }
    cmp -s "$work/ref.aut" "$work/dist.aut" || fail "seed $seed -np $np $steps $reduce: output differs from gen"
    compared=$((compared + 1))
    [ -n "$reduce" ] || reduced=$((reduced + 1))
  else
    [ "$got" -eq "$ref" ] || fail "seed $seed -np $np $reduce: gen exited $ref, gen-mpi $got"
    [ ! -e "$work/dist.aut" ] || fail "seed $seed -np $np $reduce: gen-mpi left output after a fault"
    faulted=$((faulted + 1))
  fi
}
for seed in $(seq 1 "$rounds"); do
  steps=""
  [ $((seed % 2)) -eq 0 ] && steps=--thread-steps
  compare "$seed" $((2 + seed % 3)) "$steps" --no-reduce
  compare "$seed" $((1 + (seed + 1) % 4)) "$steps" ""
done
# Most random models run to the end; a test that compared few proves little.
[ $((compared)) -ge "$rounds" ] || fail "only $compared of $((2 * rounds)) runs compared"
[ $((reduced * 2)) -ge "$rounds" ] || fail "only $reduced of $rounds reduced runs compared"
echo "$compared compared ($reduced reduced), $faulted faulted alike"
finish
