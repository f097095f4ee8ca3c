#!/bin/bash
# A tau-cycle is not a deadlock (van Glabbeek, Luttik, Trcka, "Branching
# bisimilarity with explicit divergence", Fundam. Inform. 93, 2009):
#   d.aut: 0 -a-> 1, and 1 deadlocks;
#   c.aut: 0 -a-> 1, 1 -i-> 2, 2 -i-> 1 (it diverges after a).
# Branching bisimilarity identifies them (a tau-cycle is inert); branching
# bisimilarity with explicit divergence, what `quotient -e divbranching`
# computes, does not: the quotient of c keeps one i self-loop on its
# divergent class, the quotient of d has none, and refines --equiv
# divbranching says they differ. refines --ltl sees both runs as `a, then
# end for ever` (docs/ltl.md, "Runs"), so its verdicts agree on both, on
# the LTSs and on their quotients.
set -u
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
printf 'des (0,1,2)\n(0,"a",1)\n' > "$t/d.aut"
printf 'des (0,3,3)\n(0,"a",1)\n(1,"i",2)\n(2,"i",1)\n' > "$t/c.aut"
for x in d c; do "$BIN/quotient" -e divbranching "$t/$x.aut" -o "$t/$x.q.aut" 2>/dev/null || exit 1; done
grep -q '"i"\|,i,' "$t/c.q.aut" || { echo "the divergence is lost in the quotient"; exit 1; }
grep -q '"i"\|,i,' "$t/d.q.aut" && { echo "the deadlock gained a divergence"; exit 1; }
"$BIN/refines" --equiv branching "$t/d.aut" "$t/c.aut" > /dev/null || { echo "branching should identify them"; exit 1; }
"$BIN/refines" --equiv divbranching "$t/d.aut" "$t/c.aut" > /dev/null; [ $? = 1 ] || { echo "divbranching should separate them"; exit 1; }
for f in 'F end' 'a && F G end' 'G F a' 'a U end'; do
  v=""
  for x in d c d.q c.q; do "$BIN/refines" --ltl "$f" "$t/$x.aut" > /dev/null; v="$v$?"; done
  [ "$v" = 0000 ] || [ "$v" = 1111 ] || { echo "$f: verdicts $v differ"; exit 1; }
done
# G F a fails on both (the run ends), F end holds on both.
"$BIN/refines" --ltl 'G F a' "$t/c.aut" > /dev/null; [ $? = 1 ] || exit 1
"$BIN/refines" --ltl 'F end' "$t/c.q.aut" > /dev/null || exit 1
echo ok
