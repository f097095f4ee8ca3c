#!/bin/bash
# The five progress properties as formulas (models/properties/progressK.ltl
# and progressK_fair.ltl, docs/ltl.md "Progress properties") on every row
# of Table 1 (models/cases.csv): the verdict of `refines --ltl-file` must
# be the row's expected one and that of `refines --progress` on the same
# LTS. lock-, wait- and obstruction-freedom on gen's reduced LTS (the
# reduction keeps these verdicts, docs/reduction.md); deadlock- and
# starvation-freedom under --fairness weak on the full LTS (--no-reduce),
# where a pending thread always has an action of its own enabled.
# By default only the rows whose full LTS has at most 100,000 states (the
# product with the fairness automaton dominates); BB_LTL_PROGRESS_ALL=1
# runs every row (about 25 minutes of one core in Release).
set -u
bound=100000 limit=(--max-states 100000)
[ "${BB_LTL_PROGRESS_ALL:-0}" = 1 ] && bound=none limit=()
checked=0 skipped=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
P=$SRC/models/properties
fail=0
# verdicts FILE: "P holds|fails" for each property, all lines of P together.
verdicts() {
  awk -F': ' '/^[a-z-]+(\.[0-9]+)?: / { p = $1; sub(/\..*/, "", p); if (!(p in v)) { v[p] = "true"; o[++n] = p }
              if ($2 !~ /^holds/) v[p] = "false" } END { for (i = 1; i <= n; ++i) print o[i], v[o[i]] }' "$1"
}
while IFS=, read -r id name file impl spec abstract k n lin lf pops lock wait obst dead starv rest; do
  [ "$id" = id ] && continue
  ops=${pops:-$n}
  [ -f "$P/progress$k.ltl" ] || { echo "$id: no models/properties/progress$k.ltl"; fail=1; continue; }
  "$BIN/gen" "$SRC/models/$file" --object "$impl" --threads "$k" --ops "$ops" --thread-steps -o "$t/r.aut" 2>/dev/null &&
    "$BIN/gen" "$SRC/models/$file" --object "$impl" --threads "$k" --ops "$ops" --thread-steps --no-reduce \
      "${limit[@]}" -o "$t/f.aut" 2>"$t/err" ||
    { if grep -q "max-states" "$t/err"; then skipped=$((skipped + 1)); else echo "$id: gen failed"; fail=1; fi; continue; }
  "$BIN/refines" --ltl-file "$P/progress$k.ltl" "$t/r.aut" > "$t/a" 2>/dev/null
  [ $? -le 1 ] || { echo "$id: refines --ltl-file failed"; fail=1; continue; }
  "$BIN/refines" --fairness weak --ltl-file "$P/progress${k}_fair.ltl" "$t/f.aut" >> "$t/a" 2>/dev/null
  [ $? -le 1 ] || { echo "$id: refines --fairness weak --ltl-file failed"; fail=1; continue; }
  got=$(verdicts "$t/a" | awk '{ printf "%s%s", sep, $2; sep = "," }')
  want="$lock,$wait,$obst,$dead,$starv"
  prog=""
  for p in lock-free wait-free obstruction-free deadlock-free starvation-free; do
    "$BIN/refines" --progress "$p" "$t/r.aut" > /dev/null 2>&1
    case $? in 0) v=true ;; 1) v=false ;; *) v=error ;; esac
    prog="$prog${prog:+,}$v"
  done
  checked=$((checked + 1))
  if [ "$got" = "$want" ] && [ "$prog" = "$want" ]; then echo "ok: $id $file: $got"
  else echo "FAIL: $id $file: ltl $got, refines --progress $prog, expected $want"; fail=1; fi
done < "$SRC/models/cases.csv"
echo "$checked rows checked, $skipped over $bound states skipped"
[ "$checked" -ge 10 ] || { echo "FAIL: only $checked rows checked"; fail=1; }
exit $fail
