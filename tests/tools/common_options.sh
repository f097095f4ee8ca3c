# --help and --version work for every tool; usage errors exit 2; a missing
# file or a failed write to stdout is an error, not a silent success.
. "$(dirname "$0")/lib.sh"
for tool in quotient refines gen; do
  expect_status 0 "$BIN/$tool" --help
  grep -q "Exit status" "$work/out" || fail "$tool --help does not explain exit status"
  expect_status 0 "$BIN/$tool" --version
  grep -q "^$tool (bbtools) " "$work/out" || fail "$tool --version: $(cat "$work/out")"
  expect_status 2 "$BIN/$tool" --no-such-option
done
expect_status 2 "$BIN/quotient" -e none /nonexistent/x.aut
[ "$(cat "$work/err")" = "/nonexistent/x.aut: error: cannot open: No such file or directory" ] ||
  fail "missing file message: $(cat "$work/err")"
if [ -w /dev/full ]; then
  "$BIN/quotient" -e none "$DATA/oracle/vasy_0_1.aut" >/dev/full 2>"$work/err"
  [ $? -eq 2 ] || fail "writing to a full device must fail with status 2"
fi
# Reading standard input when it is not a terminal needs no '-'.
"$BIN/quotient" -e none < "$DATA/oracle/abp.aut" >"$work/out" 2>"$work/err" || fail "stdin without '-'"
head -1 "$work/out" | grep -q '^des (0,92,74)$' || fail "abp reachable part header: $(head -1 "$work/out")"
# --tau takes its own value only: the file after it stays the input.
printf 'des (0,2,3)\n(0,a,1)\n(1,"b(1,2)",2)\n' > "$work/t.aut"
expect_status 0 "$BIN/quotient" --tau=a "$work/t.aut" -e none
[ "$(cat "$work/out")" = "$(printf 'des (0,2,3)\n(0,i,1)\n(1,"b(1,2)",2)')" ] || fail "--tau=a FILE: $(cat "$work/out")"
expect_status 0 "$BIN/quotient" --tau a,b "$work/t.aut" -e none
[ "$(grep -c ',i,' "$work/out")" = 2 ] || fail "--tau a,b hides b(1,2) too: $(cat "$work/out")"
# A --tau name that hides no label is a warning (a slip such as --tau=stpe);
# the result is still written. With two inputs, a name that hides a label of
# either one is no slip.
expect_status 0 "$BIN/quotient" --tau=bb,a "$work/t.aut" -e none
grep -q "^quotient: warning: --tau bb hides no label of the input" "$work/err" || fail "--tau=bb: $(cat "$work/err")"
[ "$(grep -c warning "$work/err")" = 1 ] || fail "--tau=bb,a warns of a: $(cat "$work/err")"
head -1 "$work/out" | grep -q '^des (0,2,3)$' || fail "--tau=bb: no result"
printf 'des (0,1,2)\n(0,c,1)\n' > "$work/c.aut"
expect_status 1 "$BIN/refines" --tau=c "$work/t.aut" "$work/c.aut"
! grep -q warning "$work/err" || fail "refines --tau=c, c in SPEC only: $(cat "$work/err")"
expect_status 1 "$BIN/refines" --tau=stpe "$work/t.aut" "$work/c.aut"
grep -q "^refines: warning: --tau stpe hides no label of the input" "$work/err" || fail "refines --tau=stpe: $(cat "$work/err")"
# An option written with '=' and no value would take the next argument.
for tool in quotient refines gen; do
  expect_status 2 "$BIN/$tool" --tau= "$work/t.aut"
  grep -q -- "--tau= has no value" "$work/err" || fail "$tool --tau=: $(cat "$work/err")"
done
# A list of commas only splits into nothing: CLI11 would then take the file
# after it as the list, and read standard input instead.
for tau in "--tau=," "--tau ,,"; do
  # shellcheck disable=SC2086
  expect_status 2 "$BIN/quotient" $tau "$work/t.aut" -e none </dev/null
  grep -q "is a list of empty names" "$work/err" || fail "quotient $tau: $(cat "$work/err")"
done
# An empty value ("$FILE" with FILE unset) is no option left out: gen would
# write the LTS instead of replaying, or explore the first object.
model="$SRC/models/register.conc"
for option in --replay --object --values --replay-property --replay-map --replay-dot; do
  expect_status 2 "$BIN/gen" "$model" "$option" ""
  grep -q -- "^gen: error: $option is given an empty value$" "$work/err" || fail "gen $option '': $(cat "$work/err")"
  [ ! -s "$work/out" ] || fail "gen $option '' wrote output"
done
expect_status 2 "$BIN/refines" --tau "" "$work/t.aut" "$work/t.aut"
grep -q -- "--tau is given an empty value" "$work/err" || fail "refines --tau '': $(cat "$work/err")"
expect_status 2 "$BIN/quotient" "" -e none
grep -q "an input is an empty file name" "$work/err" || fail "quotient '': $(cat "$work/err")"
expect_status 2 "$BIN/refines" "$work/t.aut" ""
grep -q "an input is an empty file name" "$work/err" || fail "refines A '': $(cat "$work/err")"
# An option given twice names itself, in our words rather than CLI11's.
expect_status 2 "$BIN/gen" "$SRC/models/register.conc" --threads 2 --threads 3
grep -q -- "^gen: error: --threads is given 2 times: give it once$" "$work/err" || fail "--threads twice: $(cat "$work/err")"
expect_status 2 "$BIN/quotient" -e strong -e branching "$work/t.aut"
grep -q -- "^quotient: error: --equivalence is given 2 times: give it once$" "$work/err" ||
  fail "-e twice: $(cat "$work/err")"
finish
