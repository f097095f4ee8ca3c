# gen-mpi on R ranks writes the bytes of gen -j 1 (with and without
# --thread-steps), on every model of models/ (this part: the models whose
# index is PART mod PARTS, so ctest -j runs the parts side by side). MODE
# "full" (the default) compares the full LTS (--no-reduce), "reduced" the
# default partial-order reduction, whose cycle proviso gen-mpi asks the
# targets' owners (distributed/ample_queries.hpp).
# Each model runs at 2 threads x 2 operations, or 2 x 1 where 2 x 2 is over
# 30,000 states or faults, and at 3 x 1 where that is at most 30,000 states; R and the labels rotate over the models, so every
# R in 1..4 and both label modes meet many models; the MS queue and Treiber
# stack run at every R, both modes, at 2 x 2 and 3 x 1; the fine-grained
# list under --ops inf.
PART=$1 PARTS=$2 MODE=${3:-full}
reduce=--no-reduce
case $MODE in full) ;; reduced) reduce="" ;; *) echo "byte_identical.sh: unknown mode $MODE" >&2; exit 2 ;; esac
. "$SRC/tests/distributed/lib.sh"

compare() {  # NAME NP GEN-ARGS...
  local name=$1 np=$2; shift 2
  "$BIN/gen" "$@" $reduce -j 1 -o "$work/ref.aut" 2>/dev/null || return 1
  rm -f "$work/dist.aut"
  mpi "$np" "$BIN/gen-mpi" "$@" $reduce -o "$work/dist.aut" 2>"$work/err" || {
    fail "$name -np $np: exit $?: $(grep -v '^gen-mpi: level' "$work/err" | head -3)"; return 0; }
  cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$name -np $np $*: output differs from gen"
  checked=$((checked + 1))
}

checked=0 i=0
for m in "$SRC"/models/*.conc; do
  i=$((i + 1))
  [ $((i % PARTS)) -eq "$PART" ] || continue
  np=$((1 + i % 4)); steps=""; [ $((i % 2)) -eq 0 ] && steps=--thread-steps
  if "$BIN/gen" "$m" -t 2 -n 2 --no-reduce --max-states 30000 -o /dev/null 2>/dev/null; then cfg="-t 2 -n 2"
  elif "$BIN/gen" "$m" -t 2 -n 1 --no-reduce --max-states 30000 -o /dev/null 2>/dev/null; then cfg="-t 2 -n 1"
  else continue; fi
  compare "$(basename "$m")" "$np" "$m" $cfg $steps
  # Three threads too, where 3 x 1 is small: another R, the other label mode.
  if "$BIN/gen" "$m" -t 3 -n 1 --no-reduce --max-states 30000 -o /dev/null 2>/dev/null; then
    steps3=--thread-steps; [ -n "$steps" ] && steps3=""
    compare "$(basename "$m") 3x1" $((1 + (i + 1) % 4)) "$m" -t 3 -n 1 $steps3
  fi
done
for np in 1 2 3 4; do
  m=$SRC/models/ms_queue.conc; [ "$PART" -eq 1 ] && m=$SRC/models/treiber_stack.conc
  compare "$(basename "$m") 2x2" "$np" "$m" -t 2 -n 2 $([ $((np % 2)) -eq 0 ] && echo --thread-steps)
  compare "$(basename "$m") 3x1" "$np" "$m" -t 3 -n 1 $([ $((np % 2)) -eq 1 ] && echo --thread-steps)
done
# Clients that call for ever: cycles, and levels that revisit old states.
if [ "$PART" -eq 0 ]; then compare "fine_list inf" 3 "$SRC/models/fine_list.conc" -t 2 -n inf --thread-steps
else compare "fine_list inf" 4 "$SRC/models/fine_list.conc" -t 2 -n inf; fi
[ "$checked" -ge 20 ] || fail "only $checked comparisons ran"
echo "$checked comparisons"
finish
