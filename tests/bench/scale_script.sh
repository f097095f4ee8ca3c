# bench/scale.sh on one small row, whatever gen's options: the test-and-set
# counter (row 21) at 2 threads. Its full LTS at 2 x 2 has 208 states and a
# divbranching quotient of 80 (docs/results.md, Table 1 lists 208 states);
# with clients for ever 102 and 46. These hold with and without gen's
# on-the-fly reduction: "states full" is always the full LTS, and a
# reduction must leave the quotient unchanged, and so must --symmetry, which
# the counter allows (route "symmetry"; "reduced" with --no-symmetry, and
# for the register of row 14, which names its threads).
# --max-ops 2 must stop the series there, --pool must reach gen, a full
# route out of time must not be tried again at the next N, and a bad option
# must exit 2.
set -uo pipefail
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*"; cat "$out"; exit 1; }
BIN=$BIN bash "$SRC/bench/scale.sh" --only 21 --threads 2 --max-ops 2 --time-limit 120 --inf >"$out" 2>/dev/null ||
  fail "scale.sh exit status $?"
# cell K_N COLUMN: a cell of the row for K×N (columns as in the header).
cell() { awk -F'|' -v kn="$1" -v c="$2" '$2 ~ /^ 21 $/ && $4 == " " kn " " { gsub(/^ +| +$/, "", $c); print $c }' "$out"; }
check_rows() {
  [ "$(cell 2×2 5)" = "$1" ] || fail "2×2 route: '$(cell 2×2 5)', expected $1"
  [ "$(cell 2×2 8)" = 208 ] || fail "2×2 states full: '$(cell 2×2 8)'"
  [ "$(cell 2×2 10)" = 80 ] || fail "2×2 quotient: '$(cell 2×2 10)'"
  [ "$(cell 2×2 13)" = "max ops 2" ] || fail "2×2 stopped by: '$(cell 2×2 13)'"
  [ "$(cell 2×inf 8)" = 102 ] || fail "2×inf states full: '$(cell 2×inf 8)'"
  [ "$(cell 2×inf 10)" = 46 ] || fail "2×inf quotient: '$(cell 2×inf 10)'"
  # The reduced route writes no more states than it explores, nor explores more than the full LTS has.
  red=$(cell 2×2 6) explored=$(cell 2×2 7)
  [ "$red" -le "$explored" ] && [ "$explored" -le 208 ] 2>/dev/null || fail "2×2 reduced '$red', explored '$explored'"
  [ "$(grep -c '^| 21 |' "$out")" = 2 ] || fail "expected two rows for row 21"
}
check_rows symmetry
BIN=$BIN bash "$SRC/bench/scale.sh" --only 21 --threads 2 --max-ops 2 --time-limit 120 --inf --no-symmetry >"$out" 2>/dev/null ||
  fail "scale.sh --no-symmetry exit status $?"
check_rows reduced
# The register (row 14) names its threads: never --symmetry.
BIN=$BIN bash "$SRC/bench/scale.sh" --only 14 --threads 2 --max-ops 1 --time-limit 120 >"$out" 2>/dev/null ||
  fail "scale.sh --only 14 exit status $?"
route=$(awk -F'|' '$2 ~ /^ 14 $/ { gsub(/^ +| +$/, "", $5); print $5 }' "$out")
[ "$route" = reduced ] || fail "row 14 route: '$route'"
# --pool reaches gen: one node is too few for the Treiber stack (row 1) at
# 2 threads x 1 operation, and the row says the model's pool stopped it.
BIN=$BIN bash "$SRC/bench/scale.sh" --only 1 --threads 2 --max-ops 1 --time-limit 60 --pool 1 >"$out" 2>/dev/null ||
  fail "scale.sh --pool 1 exit status $?"
grep -q '^| 1 | .* | model: out of heap: all 1 nodes' "$out" || fail "--pool 1 did not reach gen"
# A full route that runs out of time at 2 x 1 is not tried again at 2 x 2,
# whose full state space is larger: a gen whose --no-reduce never finishes
# is called with it once, and both rows say "(time)".
slow=$(mktemp -d) bin_abs=$(cd "$BIN" && pwd)
trap 'rm -rf "$out" "$slow"' EXIT
cat >"$slow/gen" <<EOF2
#!/usr/bin/env bash
case " \$* " in *" --no-reduce "*) echo run >>"$slow/full-runs"; exec sleep 60 ;; esac
exec "$bin_abs/gen" "\$@"
EOF2
chmod +x "$slow/gen"
ln -s "$bin_abs/quotient" "$slow/quotient"
BIN=$slow bash "$SRC/bench/scale.sh" --only 21 --threads 2 --max-ops 2 --time-limit 3 --no-symmetry >"$out" 2>/dev/null ||
  fail "scale.sh with a slow full route: exit status $?"
[ "$(cell 2×2 8)" = "(time)" ] || fail "2×2 states full after a timed-out 2×1: '$(cell 2×2 8)'"
[ "$(wc -l <"$slow/full-runs")" = 1 ] || fail "the full route ran $(wc -l <"$slow/full-runs") times, expected once"
grep -q '^| 21 | .* | 2×2 | .* | max ops 2 |' "$out" || fail "the reduced route must still reach 2×2"
BIN=$BIN bash "$SRC/bench/scale.sh" --bogus >/dev/null 2>&1
[ $? = 2 ] || fail "an unknown option must exit 2"
echo "ok: bench/scale.sh"
