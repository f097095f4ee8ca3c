# bench/table1_memory.sh and table1.sh --memory, on two rows whose
# verdicts are argued by hand:
# - row 1, the Treiber stack: every shared store of push and pop is a cas,
#   which drains the thread's buffer first (docs/memory-models.md), so no
#   store is ever pending across a linearization point: linearizable under
#   sc, tso and pso.
# - row 21, the counter behind a test-and-set lock: the holder stores c,
#   then frees the flag. Under tso one FIFO keeps that order, so the next
#   holder, whose cas sees the flag free only after the flush of c, reads
#   the new c: linearizable. Under pso c and flag have a buffer each: the
#   flag's store may reach memory first, the holder returns, a second
#   thread wins the flag and reads the old c, and both calls return the
#   same value one after the other: not linearizable.
# And a cases file whose object fills its store buffer (Dekker's lock at
# two operations, whose back-off stores its flag in a loop): `full`, not a
# verdict. Usage errors exit 2.
set -uo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; cat "$work/out" 2>/dev/null; exit 1; }
BIN=$BIN bash "$SRC/bench/table1_memory.sh" --quick --only 1,21 >"$work/out" 2>"$work/err" ||
  { cat "$work/err"; fail "table1_memory.sh exit status $?"; }
# cells ID: the cells after the bounds (states and verdict per model), spaces removed.
cells() { awk -F'|' -v id="$1" '$2 == " " id " " { s = ""; for (i = 5; i <= 10; i++) { gsub(/ /, "", $i); s = s $i " " }; print s }' "$work/out"; }
read -r s1 l1 t1 lt1 p1 lp1 <<<"$(cells 1)"
[ "$l1 $lt1 $lp1" = "true true true" ] || fail "row 1: verdicts '$l1 $lt1 $lp1', expected true under sc, tso and pso"
read -r s21 l21 t21 lt21 p21 lp21 <<<"$(cells 21)"
[ "$l21 $lt21 $lp21" = "true true **false**" ] || fail "row 21: verdicts '$l21 $lt21 $lp21', expected true, true, false"
# Buffers add states: each model's LTS is at least the sc one (which the
# partial-order reduction may shrink further).
for n in "$t1" "$p1" "$t21" "$p21"; do [ "$n" -ge "$s21" ] 2>/dev/null || fail "states '$n' under buffers"; done
# The sc column is table1.sh's own.
BIN=$BIN bash "$SRC/bench/table1.sh" --quick --only 21 >"$work/sc.csv" 2>/dev/null || fail "table1.sh --only 21"
[ "$(awk -F, '$1 == 21 { print $2 }' "$work/sc.csv")" = "$s21" ] || fail "row 21: sc states differ from table1.sh's"

# A full buffer is `full`, and not an error (exit 0).
head -1 "$SRC/models/cases.csv" >"$work/cases.csv"
echo "1,Dekker,dekker_counter.conc,Dekker,,,2,2,true,,,,,,,,," >>"$work/cases.csv"
BIN=$BIN bash "$SRC/bench/table1.sh" --quick --cases "$work/cases.csv" --memory tso >"$work/full.csv" 2>"$work/err" ||
  { cat "$work/err"; fail "table1.sh on a full buffer: exit $?"; }
[ "$(awk -F, '$1 == 1 { print $6 }' "$work/full.csv")" = full ] || fail "Dekker under tso: $(cat "$work/full.csv")"

# Usage errors.
BIN=$BIN bash "$SRC/bench/table1.sh" --memory arm >/dev/null 2>&1; [ $? = 2 ] || fail "table1.sh --memory arm: not exit 2"
BIN=$BIN bash "$SRC/bench/table1_memory.sh" --memory tso >/dev/null 2>&1; [ $? = 2 ] || fail "table1_memory.sh --memory: not exit 2"
echo "ok"
