# gen-mpi ends the whole run with exit 2 and no output when any rank fails
# (a run-time fault of the model, --max-states, a rank over its memory
# limit), and refuses what it does not support, with the reason (--symmetry
# with --quotient among them).
. "$SRC/tests/distributed/lib.sh"

no_output() {  # WHAT: the run failed with 2 and left no file
  [ "$rc" -eq 2 ] || fail "$1: exit $rc, expected 2; $(head -3 "$work/err")"
  [ ! -e "$work/o.aut" ] || fail "$1: output left behind"
  ! ls "$work"/o.aut.tmp* >/dev/null 2>&1 || fail "$1: temporary output left behind"
}

# A fault deep in the state space: x overflows (the model of
# tests/frontend/gen_jobs.sh); the rank that meets it names it.
cat > "$work/deep.conc" <<'MODEL'
object O {
  shared x: 0..8 = 0;
  shared y: 0..3 = 0;
  method inc() { t := x; x := t + 1; }
  method flip() { u := y; if u < 3 { y := u + 1; } else { y := 0; } }
}
MODEL
# With the reduction (-np 3) the fault is met in the first expansion of a
# state, before its ample candidates are asked about.
for np in 1 3; do
  reduce=--no-reduce; [ "$np" -eq 3 ] && reduce=""
  mpi $np "$BIN/gen-mpi" "$work/deep.conc" -t 3 -n inf $reduce -o "$work/o.aut" 2>"$work/err"; rc=$?
  no_output "fault -np $np $reduce"
  grep -q "deep.conc:4:26: error: value 9 is outside" "$work/err" || fail "fault -np $np: message: $(head -2 "$work/err")"
  grep -q "failed; ending the run, no output written" "$work/err" || fail "fault -np $np: no note of the ending"
done

mpi 2 "$BIN/gen-mpi" "$work/deep.conc" -t 3 -n inf --no-reduce --max-states 4000 -o "$work/o.aut" 2>"$work/err"; rc=$?
no_output "--max-states"
grep -q "stopped at --max-states 4000" "$work/err" || fail "--max-states message: $(head -2 "$work/err")"

# One rank (the second) with a memory limit it cannot keep: the MS queue at
# 3 x 2 passes 40 MiB on each of two ranks long before 3,000,000 states
# (docs/scaling.md: about 58 bytes per state at R = 1).
big="$SRC/models/ms_queue.conc -t 3 -n 2 --no-reduce --max-states 3000000 -o $work/o.aut"
if [ "$sanitized" = 0 ]; then
  timeout 120 mpirun --oversubscribe -np 1 "$BIN/gen-mpi" $big : -np 1 "$BIN/gen-mpi" $big --memory-limit 40M \
    2>"$work/err"; rc=$?
  no_output "memory limit on one rank"
  grep -q "out of memory" "$work/err" || fail "memory limit: message: $(head -3 "$work/err")"
fi

# Refused, with the reason, before anything runs; only rank 0 says it.
refused() {  # PATTERN ARGS...
  local pattern=$1; shift
  mpi 2 "$BIN/gen-mpi" "$SRC/models/treiber_stack.conc" "$@" -o "$work/o.aut" 2>"$work/err"; rc=$?
  no_output "refusal of $*"
  grep -q "$pattern" "$work/err" || fail "refusal of $*: $(head -2 "$work/err")"
  [ "$(grep -c "$pattern" "$work/err")" -eq 1 ] || fail "refusal of $*: said more than once"
}
refused "the distributed quotient reduces a full LTS, not an orbit LTS" --no-reduce --symmetry --quotient divbranching
refused "each rank explores with one thread" --no-reduce -j 2
refused "no-such.conc" --no-reduce "$work/no-such.conc"
refused "error" --no-reduce --threads 0
finish
