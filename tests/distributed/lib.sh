# Shared by the gen-mpi tests: skip (77) without Open MPI or gen-mpi, and
# run mpirun as root or not (Open MPI refuses root without these).
. "$SRC/tests/tools/lib.sh"
command -v mpirun >/dev/null || { echo "skipped: no mpirun (Open MPI not installed)"; exit 77; }
[ -x "$BIN/gen-mpi" ] || { echo "skipped: gen-mpi not built (CMake found no MPI)"; exit 77; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Shared memory only: no network interface is probed on a test machine.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
# ob1 over those: UCX's start-up, probing devices, is half of a small run.
export OMPI_MCA_pml=ob1
# Open MPI's run-time folder in this test's own scratch folder: two tests'
# mpirun side by side (ctest -j) otherwise race on the shared one in /tmp
# ("A call to mkdir was unable to create the desired directory").
export TMPDIR="$work/ompi" OMPI_MCA_orte_tmpdir_base="$work/ompi"
mkdir -p "$TMPDIR"
mpi() { local np=$1; shift; timeout 120 mpirun --oversubscribe -np "$np" "$@"; }
# Under ASan (the sanitizer tier): Open MPI's own allocations at exit are
# not ours to free, so leak reports are off; ASan's shadow memory makes
# --memory-limit meaningless, so tests of it are skipped (sanitized=1).
sanitized=0
if grep -qa __asan_init "$BIN/gen-mpi"; then
  sanitized=1
  export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
# ends_with_fault WHAT NP GEN-MPI-OPTIONS...: gen-mpi on a counter that
# overflows deep in the state space (a run-time fault of the model) exits
# 2, says so, and leaves neither output nor a temporary one.
ends_with_fault() {
  local what=$1 np=$2 rc
  shift 2
  cat > "$work/deep.conc" <<'MODEL'
object O {
  shared x: 0..8 = 0;
  method inc() { t := x; x := t + 1; }
}
MODEL
  rm -f "$work/o.aut"
  mpi "$np" "$BIN/gen-mpi" "$work/deep.conc" -t 3 -n inf "$@" -o "$work/o.aut" 2>"$work/err"; rc=$?
  [ "$rc" -eq 2 ] || fail "$what: exit $rc, expected 2"
  [ ! -e "$work/o.aut" ] || fail "$what: output left behind"
  ! ls "$work"/o.aut.tmp* >/dev/null 2>&1 || fail "$what: temporary output left behind"
  grep -q "deep.conc:3:26: error: value 9 is outside" "$work/err" || fail "$what: message: $(head -2 "$work/err")"
}
