#!/usr/bin/env bash
# quotient against mCRL2 on LTSs that neither this project nor its
# generators wrote: the state spaces of mCRL2's own example models (the
# examples/ folder of its sources), made by mCRL2 itself (mcrl22lps, then
# lps2lts), some with actions hidden so that the branching kinds have tau
# steps to work on. For each model and equivalence, one row of
# vs_mcrl2.sh's table: whole-process time and peak memory of both tools, and
# whether their quotients have the same numbers of states and transitions
# (the script exits 1 if any differ).
#
#   MCRL2_BIN=DIR MCRL2_SRC=DIR bash bench/quotient/mcrl2_examples.sh [WORKDIR]
#
# MCRL2_BIN holds mcrl22lps, lps2lts and ltsconvert built from mCRL2's
# sources beside the project, MCRL2_SRC those sources (neither is ever
# committed). The LTSs are made once into WORKDIR (default
# /tmp/bb-mcrl2-examples); lps2lts takes about a minute on the largest.
# MODELS overrides the list: PATH[:HIDE[:STATES]] ..., PATH under examples/
# without .mcrl2, HIDE the actions made internal (comma-separated, may be
# empty), STATES a bound on the states explored (lps2lts -l: breadth-first,
# for models too large to explore: the conference protocol has over 10^8
# states, the bakery protocol's tickets grow without bound).
set -euo pipefail
cd "$(dirname "$0")/../.."
mc=${MCRL2_BIN:?set MCRL2_BIN to the folder holding mcrl22lps, lps2lts and ltsconvert}
src=${MCRL2_SRC:?set MCRL2_SRC to mCRL2s source folder}
work=${1:-/tmp/bb-mcrl2-examples}
mkdir -p "$work"
models=${MODELS:-"academic/dining/dining8: academic/dining/dining8:lock,free academic/dining/dining_10:lock,free
  industrial/1394/1394-fin: industrial/1394/1394-fin:LDreq,LDcon industrial/lift/lift3-final:up,down,move
  industrial/chatbox/chatbox: industrial/brp/brp: academic/cabp/cabp:r1 academic/swp/swp_lists:c2,c3,c5,c6
  academic/leader/dolev_klawe_rodeh:readQ,putQ academic/commprot/commprot::2000000
  academic/commprot/commprot:udp_in:2000000 academic/commprot/commprot::8000000
  academic/bakery/bakery::1000000 academic/bakery/bakery:c:1000000"}
echo "command: MCRL2_BIN=$mc MCRL2_SRC=$src bash bench/quotient/mcrl2_examples.sh $work   ($(date -u +%FT%RZ), $(nproc) cores)"
printf '%-13s %-12s | %-22s | %11s | %10s | %8s | %10s | %8s | %10s | %8s | %s | %s |\n' equivalence hidden \
  file transitions "ours s" "ours MB" "mCRL2 s" "mCRL2 MB" "time ratio" "mem ratio" "same sizes" "our stages"
differ=0
for entry in $models; do
  IFS=: read -r path hide states <<< "$entry"
  name=$(basename "$path")${states:+-$states}
  aut="$work/$name.aut"
  if [ ! -s "$aut" ]; then
    "$mc/mcrl22lps" -q "$src/examples/$path.mcrl2" "$work/$name.lps"
    "$mc/lps2lts" -q -rjitty ${states:+-l"$states"} "$work/$name.lps" "$aut.part"
    mv "$aut.part" "$aut"
  fi
  for eq in strong branching divbranching; do
    row=$(bash bench/quotient/vs_mcrl2.sh -e "$eq" ${hide:+--hide "$hide"} "$aut" | grep "^| $name")
    printf '%-13s %-12s %s\n' "$eq" "${hide:--}" "$row"
    case $row in *"| yes |"*) ;; *) differ=1 ;; esac
  done
done
echo "time ratio = mCRL2 / ours (above 1: we are faster; - when ours takes under 10 ms); mem ratio = mCRL2 / ours"
exit $differ
