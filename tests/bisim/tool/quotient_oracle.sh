# quotient, run as a user runs it, gives the sizes of the oracle table
# (tests/data/oracle/expected.csv) for all four equivalences.
. "$SRC/tests/tools/lib.sh"
while IFS=, read -r file equivalence states transitions; do
  [ "$file" = file ] && continue
  "$BIN/quotient" -e "$equivalence" "$DATA/oracle/$file" -o "$work/q.aut" || { fail "$file -e $equivalence"; continue; }
  header=$(head -1 "$work/q.aut")
  [ "$header" = "des (0,$transitions,$states)" ] || fail "$file -e $equivalence: '$header', want $states states, $transitions transitions"
done < "$DATA/oracle/expected.csv"
finish
