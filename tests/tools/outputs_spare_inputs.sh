# No output may replace an input: the same file by any name (a link, a
# second path, standard output appended to it) is refused before any work,
# with status 2, and the input is left as it was.
. "$(dirname "$0")/lib.sh"
model="$SRC/models/treiber_stack.conc"
cp "$model" "$work/m.conc"
printf 'des (0,2,3)\n(0,a,1)\n(1,b,2)\n' > "$work/impl.aut"
printf 'des (0,1,2)\n(0,a,1)\n' > "$work/spec.aut"
ln -s impl.aut "$work/link.aut"
ln "$work/spec.aut" "$work/hard.aut"
cp "$work/impl.aut" "$work/impl.orig"
cp "$work/spec.aut" "$work/spec.orig"
unchanged() {  # the inputs are what they were
  cmp -s "$work/impl.aut" "$work/impl.orig" || fail "$*: impl.aut changed"
  cmp -s "$work/spec.aut" "$work/spec.orig" || fail "$*: spec.aut changed"
  cmp -s "$work/m.conc" "$model" || fail "$*: m.conc changed"
  [ -z "$(ls "$work" | grep tmp)" ] || fail "$*: left $(ls "$work" | grep tmp)"
}
refused() {  # refused MESSAGE_PART TOOL ARGS...: status 2, the message, nothing done
  local part=$1; shift
  expect_status 2 "$@"
  grep -q "$part" "$work/err" || fail "$*: message '$(cat "$work/err")' lacks '$part'"
  [ ! -s "$work/out" ] || fail "$*: wrote to stdout"
  unchanged "$*"
}
refused "would replace the input" "$BIN/gen" "$work/m.conc" -o "$work/m.conc"
refused "would replace the input" "$BIN/quotient" "$work/impl.aut" -o "$work/impl.aut"
refused "is the input $work/impl.aut" "$BIN/quotient" "$work/impl.aut" -o "$work/link.aut"
refused "would replace the input" "$BIN/quotient" "$work/impl.aut" --map "$work/impl.aut" -o "$work/q.aut"
[ ! -e "$work/q.aut" ] || fail "quotient --map onto its input still wrote -o"
refused "is the input $work/spec.aut" "$BIN/quotient" "$work/spec.aut" --map "$work/hard.aut"
refused "would replace the input" "$BIN/quotient" "$work/impl.aut" --dot "$work/impl.aut" -o "$work/q.aut"
[ ! -e "$work/q.aut" ] || fail "quotient --dot onto its input still wrote -o"
refused "is the input $work/impl.aut" "$BIN/quotient" "$work/impl.aut" --dot "$work/link.aut"
refused "would replace the input" "$BIN/gen" "$work/m.conc" -t 2 -n 1 --progress all --cex "$work/m.conc"
refused "would replace the input" "$BIN/gen" "$work/m.conc" -t 2 -n 1 --replay-fault --replay-dot "$work/m.conc"
refused "would replace the input" "$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex "$work/spec.aut"
refused "is the input $work/spec.aut" "$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex "$work/hard.aut"
refused "is the input $work/link.aut" "$BIN/refines" "$work/link.aut" "$work/spec.aut" --cex "$work/impl.aut"
# Standard input is the file it was redirected from.
refused "is the input <stdin>" "$BIN/quotient" - -o "$work/impl.aut" < "$work/impl.aut"
# Standard output appended to an input.
"$BIN/quotient" "$work/impl.aut" >> "$work/impl.aut" 2> "$work/err"
[ $? -eq 2 ] || fail "quotient IN >> IN must fail"
grep -q "^<stdout>: error: is the input $work/impl.aut" "$work/err" || fail ">> IN: $(cat "$work/err")"
"$BIN/gen" "$work/m.conc" >> "$work/m.conc" 2> "$work/err"
[ $? -eq 2 ] || fail "gen M >> M must fail"
unchanged ">>"
# Standard output carries the verdict (refines, gen --progress) or the run
# (gen --replay): a second result there would mix into it.
refused "standard output goes there and carries the verdict" "$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex -
refused "standard output goes there and carries the verdict" "$BIN/refines" --progress all "$work/impl.aut" --cex -
refused "standard output goes there and carries the verdict" "$BIN/gen" "$work/m.conc" -t 2 -n 1 --progress all --cex -
refused "standard output goes there and carries the run" "$BIN/gen" "$work/m.conc" -t 2 -n 1 --replay-fault --replay-dot -
refused "standard output goes there and carries the verdict" "$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex /dev/stdout
refused "cannot both go to standard output" "$BIN/quotient" "$work/impl.aut" --map /dev/fd/1
# A plain name of the file standard output is redirected to: the trace would
# replace the file, and the verdict would go to the file it replaced.
"$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex "$work/verdict.txt" > "$work/verdict.txt" 2> "$work/err"
[ $? -eq 2 ] || fail "refines --cex F > F must fail"
grep -q "standard output goes there and carries the verdict" "$work/err" || fail "--cex F > F: $(cat "$work/err")"
[ ! -s "$work/verdict.txt" ] || fail "--cex F > F: wrote $(cat "$work/verdict.txt")"
"$BIN/gen" "$work/m.conc" -t 2 -n 1 --progress all --cex "$work/verdict.txt" > "$work/verdict.txt" 2> "$work/err"
[ $? -eq 2 ] || fail "gen --progress --cex F > F must fail"
grep -q "standard output goes there and carries the verdict" "$work/err" || fail "gen --cex F > F: $(cat "$work/err")"
"$BIN/quotient" "$work/impl.aut" -o "$work/q.aut" --map - > "$work/q.aut" 2> "$work/err"
[ $? -eq 2 ] || fail "quotient -o F --map - > F must fail"
grep -q "cannot both go to standard output" "$work/err" || fail "-o F --map - > F: $(cat "$work/err")"
# One result by two names of the same file is fine: nothing else is on
# standard output.
"$BIN/quotient" "$work/impl.aut" -o "$work/q.aut" > "$work/q.aut" || fail "quotient -o F > F"
[ "$(cat "$work/q.aut")" = "$("$BIN/quotient" "$work/impl.aut")" ] || fail "-o F > F: $(cat "$work/q.aut")"
# /dev/stdout is the stream the shell opened: after `>> log` the result is
# appended, as with '-', and the file is not replaced by a new one.
echo "before" > "$work/log"
"$BIN/quotient" "$work/impl.aut" -o /dev/stdout >> "$work/log" || fail "quotient -o /dev/stdout >> log"
[ "$(cat "$work/log")" = "$(echo before; "$BIN/quotient" "$work/impl.aut")" ] || fail "-o /dev/stdout >> log: $(cat "$work/log")"
# Distinct files are fine, and so are outputs to devices.
expect_status 1 "$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex "$work/cex.txt"
[ "$(cat "$work/cex.txt")" = "$(printf 'a\nb')" ] || fail "cex: $(cat "$work/cex.txt")"
expect_status 0 "$BIN/quotient" "$work/impl.aut" -o "$work/q.aut" --map "$work/q.map"
finish
