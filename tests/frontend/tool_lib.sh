# Shared by gen's tool tests: GEN, QUOTIENT, REFINES (the tools), tmp (a
# scratch folder, removed at exit) and fail. Sourced with the tools the test
# needs, e.g. `. tool_lib.sh gen refines`; skips the test (77) when one of
# them is not built.
GEN="$BIN/gen"
QUOTIENT="$BIN/quotient"
REFINES="$BIN/refines"
for tool in "$@"; do [ -x "$BIN/$tool" ] || exit 77; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The state bound of the sweeps over models/: 100,000, or 300,000 with
# BB_LONG=1 (scripts/full-check.sh --long).
sweep_max_states=$([ "${BB_LONG:-0}" = 1 ] && echo 300000 || echo 100000)
# gen_refuses WHAT PATTERN ARGS...: `gen ARGS` exits 2 with PATTERN in its
# message and writes nothing on standard output.
gen_refuses() {
  local what=$1 pattern=$2
  shift 2
  "$GEN" "$@" > "$tmp/refused.out" 2> "$tmp/refused.err"
  local rc=$?
  [ $rc = 2 ] || fail "$what: exit $rc, expected 2"
  grep -q -- "$pattern" "$tmp/refused.err" || fail "$what: message $(cat "$tmp/refused.err")"
  [ ! -s "$tmp/refused.out" ] || fail "$what: wrote output"
}
