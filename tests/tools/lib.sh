# Shared helpers for tool tests. BIN, DATA and SRC come from CTest.
set -u
fails=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
# expect_status WANT COMMAND...: runs COMMAND, stdout to $work/out, stderr to $work/err.
expect_status() {
  local want=$1; shift
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want; stderr: $(head -3 "$work/err")"
}
finish() {
  if [ "$fails" -gt 0 ]; then echo "$fails check(s) failed" >&2; exit 1; fi
  echo "all checks passed"
}
