# R = 5 to 8 ranks, more than the other tests start: gen-mpi (full and
# with the partial-order reduction), quotient-mpi and gen-mpi --quotient
# write the single-process tools' bytes on the MS queue at 2 x 2, the
# Treiber stack at 3 x 1 up to symmetry and the fine-grained list calling
# for ever (cycles: the quotient's divergences, the reduction's cycle
# proviso), each R once per route. With R
# near the number of states per level some ranks own no state of a level
# and send nothing: the level protocol must still close every level.
. "$SRC/tests/distributed/lib.sh"
[ -x "$BIN/quotient-mpi" ] || { echo "skipped: quotient-mpi not built"; exit 77; }
"$BIN/gen" "$SRC/models/ms_queue.conc" -t 2 -n 2 --no-reduce -j 1 -o "$work/msq.aut" 2>/dev/null || fail "gen msq"
"$BIN/gen" "$SRC/models/fine_list.conc" -t 2 -n inf --no-reduce -j 1 -o "$work/list.aut" 2>/dev/null || fail "gen list"
"$BIN/gen" "$SRC/models/fine_list.conc" -t 2 -n inf -j 1 -o "$work/list.por.aut" 2>/dev/null || fail "gen list reduced"
"$BIN/quotient" -e divbranching "$work/list.aut" -o "$work/list.q.aut" || fail "quotient list"
"$BIN/quotient" -e branching "$work/msq.aut" -o "$work/msq.q.aut" || fail "quotient msq"
same() {  # WHAT REFERENCE OUTPUT
  [ -s "$3" ] && cmp -s "$2" "$3" || fail "$1: output differs from the single-process tool's"
  rm -f "$3"
}
for np in 5 6 7 8; do
  mpi "$np" "$BIN/gen-mpi" "$SRC/models/ms_queue.conc" -t 2 -n 2 --no-reduce -o "$work/out.aut" 2>"$work/err" ||
    fail "gen-mpi -np $np: exit $?: $(head -3 "$work/err")"
  same "gen-mpi msq -np $np" "$work/msq.aut" "$work/out.aut"
  mpi "$np" "$BIN/quotient-mpi" -e divbranching "$work/list.aut" -o "$work/out.aut" 2>"$work/err" ||
    fail "quotient-mpi -np $np: exit $?: $(head -3 "$work/err")"
  same "quotient-mpi list -np $np" "$work/list.q.aut" "$work/out.aut"
  mpi "$np" "$BIN/gen-mpi" "$SRC/models/fine_list.conc" -t 2 -n inf -o "$work/out.aut" 2>"$work/err" ||
    fail "gen-mpi reduced -np $np: exit $?: $(head -3 "$work/err")"
  same "gen-mpi list reduced -np $np" "$work/list.por.aut" "$work/out.aut"
done
# Up to thread symmetry, with the reduction: orbit representatives owned
# by 6 ranks.
"$BIN/gen" "$SRC/models/treiber_stack.conc" -t 3 -n 1 --symmetry -j 1 -o "$work/sym.aut" 2>/dev/null || fail "gen --symmetry"
mpi 6 "$BIN/gen-mpi" "$SRC/models/treiber_stack.conc" -t 3 -n 1 --symmetry -o "$work/out.aut" 2>"$work/err" ||
  fail "gen-mpi --symmetry -np 6: exit $?: $(head -3 "$work/err")"
same "gen-mpi --symmetry treiber 3x1 -np 6" "$work/sym.aut" "$work/out.aut"
mpi 8 "$BIN/gen-mpi" "$SRC/models/ms_queue.conc" -t 2 -n 2 --no-reduce --quotient branching -o "$work/out.aut" \
  2>"$work/err" || fail "gen-mpi --quotient -np 8: exit $?: $(head -3 "$work/err")"
same "gen-mpi --quotient branching msq -np 8" "$work/msq.q.aut" "$work/out.aut"
mpi 7 "$BIN/gen-mpi" "$SRC/models/fine_list.conc" -t 2 -n inf --no-reduce --quotient divbranching -o "$work/out.aut" \
  2>"$work/err" || fail "gen-mpi --quotient -np 7: exit $?: $(head -3 "$work/err")"
same "gen-mpi --quotient divbranching list -np 7" "$work/list.q.aut" "$work/out.aut"
finish
