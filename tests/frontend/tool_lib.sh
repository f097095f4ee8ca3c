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
