#!/usr/bin/env bash
# quotient beside mCRL2's ltsconvert on the same files: whole process, one
# run each, wall time and peak memory, that both give the same sizes, and
# the stages of our refinement (stages.awk).
#   MCRL2_BIN=DIR bash bench/quotient/vs_mcrl2.sh [-e branching|divbranching|strong] [--hide A,B] FILE.aut...
# MCRL2_BIN holds an ltsconvert built from mCRL2's sources beside the
# project (never committed). ltsconvert gets --tau=i so that it reads CADP's
# internal action as we do; --hide A,B makes actions A and B internal in
# both tools (our --tau=A,B, ltsconvert's --tau=i,A,B).
set -euo pipefail
cd "$(dirname "$0")/../.."
eq=branching hide=
while [ $# -gt 0 ]; do
  case $1 in
    -e) eq=$2; shift 2 ;;
    --hide) hide=$2; shift 2 ;;
    *) break ;;
  esac
done
ours_tau=() theirs_tau=--tau=i
if [ -n "$hide" ]; then ours_tau=("--tau=$hide"); theirs_tau="--tau=i,$hide"; fi
case $eq in branching) m=branching-bisim ;; divbranching) m=dpbranching-bisim ;; strong) m=bisim ;; *) echo "bad -e" >&2; exit 2 ;; esac
bin=${BIN:-build/tools}
mc=${MCRL2_BIN:?set MCRL2_BIN to the folder holding ltsconvert}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
measure() { /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1; }
echo "command: MCRL2_BIN=$mc bash bench/quotient/vs_mcrl2.sh -e $eq${hide:+ --hide $hide} $*   ($(date -u +%FT%RZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
printf '| %-22s | %11s | %10s | %8s | %10s | %8s | %10s | %8s | %s | %s |\n' file transitions "ours s" "ours MB" "mCRL2 s" "mCRL2 MB" "time ratio" "mem ratio" "same sizes" "our stages"
printf '|%s|\n' "------------------------|------------:|-----------:|---------:|-----------:|---------:|-----------:|---------:|---|---"
for f in "$@"; do
  # (-v prints to stderr before time's line, which stays the last.)
  read -r t1 k1 < <(/usr/bin/time -f "%e %M" -o "$out/time" "$bin/quotient" -v -e "$eq" "${ours_tau[@]}" "$f" \
    -o "$out/ours.aut" 2> "$out/v"; cat "$out/time")
  stages=$(awk -f bench/quotient/stages.awk "$out/v")
  read -r t2 k2 < <(measure "$mc/ltsconvert" "$theirs_tau" "-e$m" "$f" "$out/mcrl2.aut")
  ours=$(head -1 "$out/ours.aut" | sed 's/des *([^,]*,//')
  theirs=$(head -1 "$out/mcrl2.aut" | sed 's/des *([^,]*,//')
  same=$([ "$ours" = "$theirs" ] && echo yes || echo "NO: $ours vs $theirs")
  trans=$(head -1 "$f" | sed 's/des *( *[0-9]* *, *\([0-9]*\).*/\1/')
  awk -v f="$(basename "$f")" -v m="$trans" -v t1="$t1" -v k1="$k1" -v t2="$t2" -v k2="$k2" -v s="$same" \
      -v st="$stages" 'BEGIN {
    tr = t1 > 0 ? sprintf("%9.2fx", t2 / t1) : sprintf("%10s", "-")  # ours under 10 ms: no ratio
    printf "| %-22s | %11d | %10.2f | %8.0f | %10.2f | %8.0f | %s | %7.2fx | %s | %s |\n", f, m, t1, k1/1024, t2, k2/1024, tr, k2/k1, s, st }'
done
echo "time ratio = mCRL2 / ours (above 1: we are faster; - when ours takes under 10 ms); mem ratio = mCRL2 / ours (above 1: we use less)"
