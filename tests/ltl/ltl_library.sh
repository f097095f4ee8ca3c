#!/bin/bash
# The property library models/properties/{stack,queue,set,lock}.ltl on the
# bundled models, with the verdicts argued in the comments of each file.
set -u
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
P=$SRC/models/properties
fail=0
# check FILE LTS FAIRNESS "name=verdict ...": refines --ltl-file's verdicts.
check() {
  "$BIN/refines" --ltl-file "$P/$1" --fairness "$3" "$2" > "$t/out" 2> "$t/err"
  [ $? -le 1 ] || { echo "FAIL: $1 on $2: $(cat "$t/err")"; fail=1; return; }
  got=$(awk -F': ' '{ printf "%s%s=%s", sep, $1, ($2 ~ /^holds/ ? "holds" : "fails"); sep = " " }' "$t/out")
  [ "$got" = "$4" ] && echo "ok: $1 $(basename "$2") $3" || { echo "FAIL: $1 on $(basename "$2") --fairness $3: $got, expected $4"; fail=1; }
}
q() { "$BIN/gen" "$SRC/models/$1" -t 2 -n 1 2>/dev/null | "$BIN/quotient" -e divbranching - > "$t/$1.aut" 2>/dev/null; echo "$t/$1.aut"; }
check stack.ltl "$(q treiber_stack.conc)" none "push1_returns=holds calls_forever=fails"
check queue.ltl "$(q ms_queue.conc)" none "enq1_returns=holds no_value_from_nowhere=holds never_empty=fails"
check set.ltl "$(q vy_set.conc)" none "no_phantom_member=holds no_phantom_remove=holds add1_returns=holds"
check set.ltl "$(q lazy_list.conc)" none "no_phantom_member=holds no_phantom_remove=holds add1_returns=fails"
for m in tas_counter ticket_counter; do
  "$BIN/gen" "$SRC/models/$m.conc" -t 2 -n inf --thread-steps --no-reduce -o "$t/$m.aut" 2>/dev/null || { echo "FAIL: gen $m"; fail=1; }
done
check lock.ltl "$t/tas_counter.aut" none "inc1_returns=fails returns_forever=fails"
check lock.ltl "$t/tas_counter.aut" weak "inc1_returns=fails returns_forever=holds"
check lock.ltl "$t/ticket_counter.aut" none "inc1_returns=fails returns_forever=fails"
check lock.ltl "$t/ticket_counter.aut" weak "inc1_returns=holds returns_forever=holds"
exit $fail
