# Numeric options take only values that mean what they say: 0, negative,
# signed, fractional or overflowing values are refused with status 2 and a
# message naming the option, before any work (gen --max-states 0 used to
# mean "no bound", -5 wrapped around to a huge bound). All three tools
# accept -v.
. "$(dirname "$0")/lib.sh"
model="$SRC/models/treiber_stack.conc"
refused() {  # refused OPTION VALUE
  expect_status 2 "$BIN/gen" "$model" "$1" "$2"
  grep -q -- "error: $1" "$work/err" || fail "gen $1 $2: $(cat "$work/err")"
  [ ! -s "$work/out" ] || fail "gen $1 $2 wrote an LTS"
}
for v in 0 -1 -5 +5 1e3 1.5 '' 99999999999999999999 18446744073709551616; do refused --max-states "$v"; done
for v in 0 -1 00 1.5 '' 99999999999999999999; do refused --ops "$v"; done
for v in 0 -1 17 99999999999; do refused --threads "$v"; done
for v in -1 100001 99999999999999999999; do refused --pool "$v"; done
for v in 0 -3 5..3 2147483648 -2147483648..0 -9223372036854775808..9223372036854775807 1..99999999999999999999; do
  refused --values "$v"
done
# The largest bound is no bound in practice; a bound the model exceeds stops it.
expect_status 0 "$BIN/gen" "$model" --no-reduce --max-states 18446744073709551615
head -1 "$work/out" | grep -q '^des (0,620,350)$' || fail "--max-states 2^64-1: $(head -1 "$work/out")"
expect_status 0 "$BIN/gen" "$model" --no-reduce --max-states 350
expect_status 2 "$BIN/gen" "$model" --no-reduce --max-states 349
grep -q -- "--max-states 349" "$work/err" || fail "--max-states 349: $(cat "$work/err")"
expect_status 0 "$BIN/gen" "$model" --values -999999999..-999999998 --ops 2
# -v everywhere: gen prints its statistics as --stats does.
expect_status 0 "$BIN/gen" -v --no-reduce "$model"
grep -q '^gen: 350 states, 620 transitions' "$work/err" || fail "gen -v: $(cat "$work/err")"
printf 'des (0,1,2)\n(0,a,1)\n' > "$work/a.aut"
expect_status 0 "$BIN/quotient" -v "$work/a.aut"
grep -q 'input' "$work/err" || fail "quotient -v: $(cat "$work/err")"
expect_status 0 "$BIN/refines" -v "$work/a.aut" "$work/a.aut"
finish
