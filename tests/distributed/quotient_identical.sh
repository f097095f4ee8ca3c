# quotient-mpi on R ranks writes the bytes of quotient, under strong,
# branching and divbranching: on gen's LTSs of the MS queue and Treiber
# stack (2 x 2) and of the fine-grained list calling for ever (cycles), on
# the oracle corpus (tests/data/oracle: CADP's and mCRL2's examples, sparse
# numbering, self-loops; a tenth of its random LTSs), and on
# BB_MPI_LTS_ROUNDS random LTSs (default 30) with tau-cycles, unreachable
# states and duplicates; R and the equivalence rotate so each meets every
# input kind. Then the refusals.
. "$SRC/tests/distributed/lib.sh"
printer="$BIN/../tests/support/print_random_lts"
[ -x "$BIN/quotient-mpi" ] || { echo "skipped: quotient-mpi not built"; exit 77; }
[ -x "$printer" ] || { echo "skipped: print_random_lts not built"; exit 77; }
rounds=${BB_MPI_LTS_ROUNDS:-30}
equivalences=(strong branching divbranching)

checked=0 n=0
compare() {  # NAME FILE NP E
  "$BIN/quotient" -e "$4" "$2" -o "$work/ref.aut" 2>"$work/ref.err" || { fail "$1: quotient failed: $(head -2 "$work/ref.err")"; return; }
  rm -f "$work/dist.aut"
  mpi "$3" "$BIN/quotient-mpi" -e "$4" "$2" -o "$work/dist.aut" 2>"$work/err" ||
    { fail "$1 -np $3 -e $4: exit $?: $(grep -v 'round' "$work/err" | head -3)"; return; }
  cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$1 -np $3 -e $4: output differs from quotient"
  checked=$((checked + 1))
}
each_way() {  # NAME FILE: every equivalence, R rotating over 1..4
  local e
  for e in "${equivalences[@]}"; do
    n=$((n + 1))
    compare "$1" "$2" $((1 + n % 4)) "$e"
  done
}

"$BIN/gen" "$SRC/models/ms_queue.conc" -t 2 -n 2 --no-reduce -o "$work/msq.aut" 2>/dev/null
"$BIN/gen" "$SRC/models/treiber_stack.conc" -t 2 -n 2 -o "$work/treiber.aut" 2>/dev/null
"$BIN/gen" "$SRC/models/fine_list.conc" -t 2 -n inf -o "$work/list_inf.aut" 2>/dev/null
for f in msq treiber list_inf; do each_way "$f" "$work/$f.aut"; done
for f in "$DATA"/oracle/*.aut; do each_way "$(basename "$f")" "$f"; done
k=0
for f in "$DATA"/oracle/random/*.aut; do  # a tenth of them, one equivalence each
  k=$((k + 1)); n=$((n + 1))
  [ $((k % 10)) -eq 0 ] && compare "$(basename "$f")" "$f" $((1 + n % 4)) "${equivalences[$((k / 10 % 3))]}"
done
(cd "$work" && "$printer" $(seq 1 "$rounds")) || fail "print_random_lts failed"
for seed in $(seq 1 "$rounds"); do
  n=$((n + 1))
  compare "random LTS $seed" "$work/L$seed.aut" $((1 + n % 4)) "${equivalences[$((seed % 3))]}"
done
[ "$checked" -ge $((rounds + 20)) ] || fail "only $checked comparisons ran"
echo "$checked comparisons"

# Refused before anything runs, the reason said once, no output.
refused() {  # PATTERN ARGS...
  local pattern=$1; shift
  mpi 2 "$BIN/quotient-mpi" "$@" -o "$work/o.aut" 2>"$work/err"; rc=$?
  [ "$rc" -eq 2 ] || fail "refusal of $*: exit $rc"
  [ ! -e "$work/o.aut" ] || fail "refusal of $*: output left behind"
  [ "$(grep -c -- "$pattern" "$work/err")" -eq 1 ] || fail "refusal of $*: '$pattern' not said once: $(head -2 "$work/err")"
}
refused "use quotient on one machine" -e none "$work/msq.aut"
refused "--map is not distributed" --map "$work/m.txt" "$work/msq.aut"
refused "standard input" - <"$work/msq.aut"
refused "no-such.aut" "$work/no-such.aut"
printf 'des (0,1,2)\n(0,"a",7)\n' >"$work/bad.aut"
refused "bad.aut:2:" "$work/bad.aut"
finish
