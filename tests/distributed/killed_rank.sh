# A rank killed while the search runs (SIGKILL: nothing of gen-mpi can
# react) ends the whole run: mpirun stops the other ranks, exits non-zero,
# names the rank that died, and no output or temporary output is left,
# since rank 0 writes only after the whole search and the gather.
. "$SRC/tests/distributed/lib.sh"

# The MS queue at 3 x 2 runs for seconds on two ranks (docs/scaling.md).
timeout 120 mpirun --oversubscribe -np 2 "$BIN/gen-mpi" "$SRC/models/ms_queue.conc" -t 3 -n 2 --no-reduce \
  -o "$work/o.aut" 2>"$work/err" &
runner=$!

ours() {  # the pids of this run's gen-mpi processes (other tests may run theirs)
  local p
  for p in $(pgrep -x gen-mpi); do
    tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -qF "$work/o.aut" && echo "$p"
  done
}
rank_pid() {  # RANK: the pid of this run's process of that rank, if it runs
  local p
  for p in $(ours); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1" && { echo "$p"; return 0; }
  done
  return 1
}
# Wait for the second level: both ranks are then exploring.
for _ in $(seq 1 200); do
  grep -q "level 2:" "$work/err" 2>/dev/null && break
  sleep 0.1
done
victim=$(rank_pid 1) || { kill "$runner"; wait "$runner"; fail "rank 1 never ran: $(head -3 "$work/err")"; finish; }
kill -KILL "$victim"
wait "$runner"; rc=$?

[ "$rc" -ne 0 ] || fail "mpirun exited 0 after a rank was killed"
[ "$rc" -ne 124 ] || fail "the run hung after a rank was killed"
[ ! -e "$work/o.aut" ] || fail "output left behind"
! ls "$work"/o.aut.tmp* >/dev/null 2>&1 || fail "temporary output left behind"
grep -q "rank 1 .*signal 9" "$work/err" || fail "no message names the killed rank: $(grep -v 'level' "$work/err" | head -5)"
[ -z "$(ours)" ] || fail "a rank outlived the run"
finish
