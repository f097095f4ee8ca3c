# Shared by the refines tool tests: R (the tool), T (a scratch folder),
# fail, and expect_rc CODE ARGS... (runs refines; stdout in $T/out, stderr
# in $T/err). Skips the test (77) when refines is not built.
R="$BIN/refines"
[ -x "$R" ] || exit 77
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expect_rc() {
  local want=$1; shift
  "$R" "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  [ "$rc" = "$want" ] || { cat "$T/out" "$T/err"; fail "refines $* exited $rc, expected $want"; }
}
