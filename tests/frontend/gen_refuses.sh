#!/bin/bash
# What gen refuses (docs/language.md, "What gen refuses"): an empty or
# oversized range, options under which no call can happen, runaway inlining.
# Each refusal is exit 2 with a message (FILE:LINE:COL when the problem is in
# the model) and nothing on standard output. Also: an allocating init block,
# the bytes a model may hold (BOM, NUL, UTF-8), and how a long fault run is
# printed.
set -u
. "$(dirname "$0")/tool_lib.sh" gen

# refused MESSAGE-REGEX MODEL [OPTIONS...]: exit 2, the message, no output.
refused() {
  local want=$1; shift
  timeout 60 "$GEN" "$@" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  [ $rc -eq 2 ] || fail "gen $*: exit $rc, expected 2 ($(head -c 300 "$tmp/err"))"
  grep -Eq -- "$want" "$tmp/err" || fail "gen $*: message '$(head -c 300 "$tmp/err")' lacks '$want'"
  [ ! -s "$tmp/out" ] || fail "gen $*: wrote $(wc -c < "$tmp/out") bytes to stdout before failing"
}

# 1. The model's own value domain: empty, reversed or too large is a located error.
for range in "1..-1" "5..2" "2..1" "999999999..2" "0..999999999" "1..4097"; do
  sed "s/^  values 1\.\.2;/  values $range;/" "$SRC/models/treiber_stack.conc" > "$tmp/values.conc"
  grep -q "values $range;" "$tmp/values.conc" || fail "sed did not set values $range"
  refused "^$tmp/values.conc:[0-9]+:3: error: the domain of 'value': $range (is empty|has [0-9]+ values)" "$tmp/values.conc"
done
sed "s/^  values 1\.\.2;/  values 2..1;/" "$SRC/models/hm_list_book.conc" > "$tmp/hm.conc"
refused "hm.conc:11:3: error: the domain of 'value': 2..1 is empty" "$tmp/hm.conc"
# Every other declared range: parameter, field, variable types, choose, arrays, sequences, pools.
check_model() {  # MESSAGE-REGEX TEXT
  printf '%s\n' "$2" > "$tmp/m.conc"
  refused "^$tmp/m.conc:1:[0-9]+: error: $1" "$tmp/m.conc"
}
check_model "empty range 3..1" 'object O { shared x: 0..3; method m(v: 3..1) { x := v; } }'
check_model "empty range 3..1" 'object O { node N { k: 3..1; } pool 2; shared x: N; method m() { x := null; } }'
check_model "empty range 3..1" 'object O { shared x: int[3..1]; method m() { x := 3; } }'
check_model "empty range 3..1" 'object O { shared x: 0..3; method m() { y := choose(3..1); x := y; } }'
check_model "an array has 1 to 64" 'object O { shared x: bool[-1]; method m() { x[0] := true; } }'
check_model "a sequence holds 1 to 64" 'object O { shared x: seq<bool>[0]; method m() { x := []; } }'
check_model "a pool holds 0 to 250" 'object O { node N { k: bool; } pool 251; method m() { skip; } }'
fields=$(for i in $(seq 100); do printf 'f%d: 0..3[64]; ' "$i"; done)
check_model "the state needs more than 1048576 slots" \
  "object O { node N { $fields} pool 250; shared x: N; method m() { x := null; } }"
check_model "a second 'values'" 'object O { values 1..2; values 1..3; shared x: bool; method m() { x := true; } }'
check_model "the recursion bound is 0 to 16" \
  'object O { recursion 999999999; shared x: bool; procedure f() { if x { f(); } } method m() { f(); } }'
check_model "the code exceeds 200000 instructions" \
  'object O { recursion 16; shared x: bool; procedure f() { if x { f(); f(); f(); } } method m() { f(); } }'
check_model "procedure calls nest more than 64 deep" \
  'object O { recursion 16; shared x: bool; procedure f() { if x { g(); } } procedure g() { if x { h(); } } procedure h() { if x { i(); } } procedure i() { if x { j(); } } procedure j() { if x { f(); } } method m() { f(); } }'
# Bad options have no file position: a usage error.
refused "^gen: error: --values: 5..2 is empty" "$SRC/models/treiber_stack.conc" --values 5..2
refused "^gen: error: --values: the bounds of 1..99999999999" "$SRC/models/treiber_stack.conc" --values 1..99999999999
refused "^gen: error: --values: 1..5000 has 5000 values" "$SRC/models/treiber_stack.conc" --values 5000
refused "^gen: error: --pool.*251.* 0 to 250" "$SRC/models/treiber_stack.conc" --pool 251
refused "^gen: error: --ops is 1 to" "$SRC/models/treiber_stack.conc" --ops 99999999999

# 2. No LTS without a call: it would make every inclusion hold vacuously.
refused "^gen: error: --ops 0: no thread may call a method" "$SRC/models/hm_list_book.conc" --ops 0
refused "^gen: error: --ops 0" "$SRC/models/treiber_stack.conc" --ops 0 --spec
if [ -x "$REFINES" ]; then
  # The pipeline stops at gen; refines never sees an empty object system.
  "$GEN" "$SRC/models/set_spec.conc" --threads 2 --ops 1 -o "$tmp/set.aut" || fail "set spec"
  "$GEN" "$SRC/models/hm_list_book.conc" --ops 0 2>/dev/null | "$REFINES" - "$tmp/set.aut" > /dev/null 2>&1; rc=$?
  [ $rc -ne 0 ] || fail "gen --ops 0 | refines says holds"
fi

# 3. An init block that allocates, in a model that frees, with a pool of more
# than one node: the free node it takes does not matter (one outcome).
sed 's/^  shared Top: Node = null;/  shared Top: Node = null;\n  init { a := new Node(1, null); b := new Node(2, a); Top := b; }/' \
  "$SRC/models/treiber_stack_free.conc" > "$tmp/init.conc"
grep -q "init {" "$tmp/init.conc" || fail "sed did not add init"
"$GEN" "$tmp/init.conc" --threads 1 --ops 1 > "$tmp/init.aut" 2> "$tmp/err" || fail "allocating init: $(cat "$tmp/err")"
grep -q '"ret(1,pop,2)"' "$tmp/init.aut" || fail "allocating init: pop does not see the node init pushed"
check_model "the init block must end in exactly one way, but it has 2 different outcomes" \
  'object O { shared x: 0..3; init { x := choose(1..2); } method m() { x := 0; } }'
check_model "the init block never ends" 'object O { shared x: 0..3; init { await x == 1; } method m() { x := 0; } }'

# 4. Bytes in a model: a BOM is skipped, UTF-8 is quoted whole, NUL is located.
printf '\xEF\xBB\xBF' > "$tmp/bom.conc"
cat "$SRC/models/register.conc" >> "$tmp/bom.conc"
"$GEN" "$tmp/bom.conc" > "$tmp/bom.aut" || fail "a model starting with a BOM"
"$GEN" "$SRC/models/register.conc" | cmp -s - "$tmp/bom.aut" || fail "the BOM changed the LTS"
printf 'object O {\n  shared \xC3\xA9: bool;\n}\n' > "$tmp/utf8.conc"
refused "^$tmp/utf8.conc:2:10: error: unexpected character 'é'\$" "$tmp/utf8.conc"
printf 'object O {\n  shared \xE9: bool;\n}\n' > "$tmp/latin1.conc"
refused "^$tmp/latin1.conc:2:10: error: unexpected byte .xE9 \(the file is not UTF-8\)" "$tmp/latin1.conc"
printf 'object O {\n  sh\0ared x: bool;\n}\n' > "$tmp/nul.conc"
refused "^$tmp/nul.conc:2:5: error: unexpected NUL byte" "$tmp/nul.conc"

# 5. A fault reached after 400001 steps of one thread is one short line.
printf 'object C {\n  shared x: 0..200000;\n  method inc() { loop { t := x; x := t + 1; } }\n}\n' > "$tmp/long.conc"
refused "^$tmp/long.conc:3:33: error: value 200001 is outside the range 0..200000" "$tmp/long.conc" --threads 1
grep -q "reaches it (ti:i is an internal step of thread i): call(1,inc) t1:i x 400001\$" "$tmp/err" ||
  fail "long run: $(head -c 300 "$tmp/err")"
[ "$(wc -c < "$tmp/err")" -lt 1000 ] || fail "long run message is $(wc -c < "$tmp/err") bytes"
printf 'object C {\n  shared x: 0..3000;\n  method inc() { t := x; x := t + 1; }\n}\n' > "$tmp/ops.conc"
refused "note: .*: \[call\(1,inc\) t1:i t1:i ret\(1,inc\)\] x 3000 call\(1,inc\) t1:i\$" "$tmp/ops.conc" --threads 1 --ops inf
# 6. Whole-number options read decimal: CLI11 alone would read 010 threads
# as 8 (octal) and take 0x2 (hex).
refused "^gen: error: --threads: expects a whole number in decimal, not '0x2'" "$SRC/models/counter.conc" -t 0x2
refused "^gen: error: --pool: expects a whole number in decimal, not '0x3'" "$SRC/models/treiber_bounded.conc" --pool 0x3
"$GEN" "$SRC/models/counter.conc" -t 02 -n 2 > "$tmp/padded.aut" || fail "gen -t 02"
"$GEN" "$SRC/models/counter.conc" -t 2 -n 2 > "$tmp/plain.aut" || fail "gen -t 2"
cmp -s "$tmp/padded.aut" "$tmp/plain.aut" || fail "-t 02 is not -t 2"
"$GEN" "$SRC/models/treiber_bounded.conc" --pool 09 -n 2 > "$tmp/padded.aut" || fail "gen --pool 09 (octal to CLI11)"
"$GEN" "$SRC/models/treiber_bounded.conc" --pool 9 -n 2 > "$tmp/plain.aut" || fail "gen --pool 9"
cmp -s "$tmp/padded.aut" "$tmp/plain.aut" || fail "--pool 09 is not --pool 9"
# 7. An option of a mode not chosen is a slip, not ignored; a folder is no model.
for option in "--replay-map x.map" "--replay-dot x.dot" "--replay-side B" "--replay-format json" "--replay-property lock-free"; do
  refused "^gen: error: ${option%% *} applies to --replay or --replay-fault" "$SRC/models/counter.conc" $option
done
[ ! -e x.dot ] || fail "--replay-dot without --replay wrote x.dot"
refused "^gen: error: --tau-name names the internal action of an LTS" "$SRC/models/counter.conc" --progress all --tau-name tau
refused "^$tmp: error: cannot read the model file: it is a directory" "$tmp"
# 8. gen --progress on an object with no internal step: vacuous, refused
# with that reason (not refines' advice to use --thread-steps).
printf 'object N {\n  values 1..2;\n  method id(v: value): value { return v; }\n}\n' > "$tmp/nostep.conc"
refused "^$tmp/nostep.conc: error: no method takes an internal step" "$tmp/nostep.conc" --progress all
refused "^$tmp/nostep.conc: error: no method takes an internal step" "$tmp/nostep.conc" --progress all --symmetry
echo PASS
