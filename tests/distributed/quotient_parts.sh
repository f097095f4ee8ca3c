# quotient-mpi reads its input in R byte ranges (distributed/aut_part_reader.hpp):
# at R = 1..4 it writes the bytes quotient writes, under strong, branching
# and divbranching, on inputs whose lines cross the 1 MiB read chunks and
# the range boundaries, with fewer lines than ranks, sparse state numbers,
# labels first seen in a later rank's range, CRLF, a byte-order mark,
# blank lines and no final newline; and on malformed inputs it says what
# quotient says (file, line, column), once, exits 2 and writes nothing.
. "$SRC/tests/distributed/lib.sh"
[ -x "$BIN/quotient-mpi" ] || { echo "skipped: quotient-mpi not built"; exit 77; }

# An LTS of N transitions over S states with labels l0..l12 (and tau).
ring() {  # N S
  echo "des (0, $1, $2)"
  awk -v n="$1" -v s="$2" 'BEGIN { for (k = 0; k < n; k++) {
    l = (k % 5 == 0) ? "i" : "l" (k * 7 % 13); printf "(%d,%s,%d)\n", k % s, l, (k * 3 + 1) % s } }'
}
in=$work/in
mkdir -p "$in"

# Three labels of 1.5 MiB among short lines: lines longer than a chunk.
long=$(head -c 1572864 /dev/zero | tr '\0' 'x')
{ echo "des (0, 12, 4)"
  for k in 0 1 2 3; do echo "($k,a,$(((k + 1) % 4)))"; echo "($k,\"$long$k\",$(((k + 2) % 4)))"; echo "($k,i,$k)"; done; } >"$in/long_lines.aut"
printf 'des (0, 1, 2)\n(0,a,1)\n' >"$in/one_line.aut"
printf 'des (0, 0, 1)\n' >"$in/no_transitions.aut"
printf 'des (5, 4, 100000000)\n(5,a,99999999)\n(99999999,tau,70000000)\n(70000000,b,5)\n(12,a,5)\n' >"$in/sparse.aut"
# Labels first seen near the end, in the last ranks' ranges.
{ ring 300 40 | head -250; echo "(3,late_z,4)"; echo "(4,late_b,3)"; ring 300 40 | tail -n 50 | sed 's/l3/late_y/'; } |
  awk 'NR == 1 { sub(/300/, "301") } { print }' >"$in/late_labels.aut"
# CRLF, a byte-order mark, blank lines (also before the header), blanks
# around the fields, and no newline at the end.
{ printf '\xEF\xBB\xBF\r\n  \r\n'; ring 60 9 | sed 's/^(\(.*\),\(.*\),\(.*\))$/  (\1, \2 ,\3)  /; s/$/\r/'; printf '\r\n\t\r\n(8,end,0)'; } |
  sed '3s/60/61/' >"$in/crlf.aut"
ring 200 30 >"$in/ring.aut"

# Every input at every R, the equivalence rotating so each input meets each.
checked=0 n=0
equivalences=(strong branching divbranching)
for f in "$in"/*.aut; do
  for np in 1 2 3 4; do
    n=$((n + 1)) e=${equivalences[$((n % 3))]}
    "$BIN/quotient" -e "$e" "$f" -o "$work/ref.aut" 2>"$work/ref.err" ||
      { fail "$(basename "$f"): quotient failed: $(head -2 "$work/ref.err")"; continue; }
    rm -f "$work/dist.aut"
    mpi "$np" "$BIN/quotient-mpi" -e "$e" "$f" -o "$work/dist.aut" 2>"$work/err" ||
      { fail "$(basename "$f") -np $np -e $e: exit $?: $(head -3 "$work/err")"; continue; }
    cmp -s "$work/ref.aut" "$work/dist.aut" || fail "$(basename "$f") -np $np -e $e: output differs from quotient"
    checked=$((checked + 1))
  done
done
[ "$checked" -eq $((7 * 4)) ] || fail "only $checked comparisons ran"

# Malformed: quotient's message, once, from rank 0 only; exit 2; no output.
bad=$work/bad
mkdir -p "$bad"
ring 100 50 | sed '72s/.*/(3,x,)/' >"$bad/syntax_rank2.aut"          # line 72 of 101: rank 2 of 4
ring 100 50 | sed '72s/.*/(3,x,50)/' >"$bad/state_bound.aut"
ring 100 50 | sed '1s/100/70/' >"$bad/too_many.aut"                  # the 71st transition, in rank 2's range
ring 100 50 | sed '1s/100/90/; 60s/.*/(3,a,4) junk/' >"$bad/syntax_before_too_many.aut"
ring 100 50 | sed '1s/100/101/' >"$bad/too_few.aut"
{ ring 100 50 | sed '1s/100/101/'; printf '  \r\n'; } >"$bad/too_few_blank_end.aut"
ring 100 50 | sed '1s/100/101/' | head -c -1 >"$bad/too_few_no_newline.aut"
ring 100 50 | sed '80s/.*/(3,"a\x00b",4)/' >"$bad/nul_label.aut"
printf 'des (0, 1, 2)' >"$bad/header_only_no_newline.aut"
printf '\n  \n\n' >"$bad/blank.aut"
: >"$bad/empty.aut"
printf 'des (0, 1)\n(0,a,1)\n' >"$bad/bad_header.aut"
printf 'des (0, 0, 1)\n\n\n\n\n\n(0,a,0)\n' >"$bad/extra_after_blank.aut"
for f in "$bad"/*.aut "$bad/absent.aut" "$bad"; do
  "$BIN/quotient" -e branching "$f" -o "$work/ref.aut" 2>"$work/ref.err"; rc=$?
  [ "$rc" -eq 2 ] || { fail "$(basename "$f"): quotient exited $rc, expected 2"; continue; }
  want=$(head -1 "$work/ref.err")
  for np in 2 4; do
    rm -f "$work/dist.aut"
    mpi "$np" "$BIN/quotient-mpi" -e branching "$f" -o "$work/dist.aut" >/dev/null 2>"$work/err"; rc=$?
    [ "$rc" -eq 2 ] || fail "$(basename "$f") -np $np: exit $rc, expected 2"
    [ ! -e "$work/dist.aut" ] || fail "$(basename "$f") -np $np: output written"
    [ "$(grep -cF -- "$want" "$work/err")" -eq 1 ] ||
      fail "$(basename "$f") -np $np: '$want' not said once: $(grep -v '^\(---\|  \|$\)' "$work/err" | head -2)"
  done
done
grep -q ':72:6: error' <("$BIN/quotient" "$bad/syntax_rank2.aut" -o "$work/x.aut" 2>&1) ||
  fail "syntax_rank2.aut: the error is not on line 72"
finish
