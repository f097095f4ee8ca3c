#!/usr/bin/env bash
# Checks that two builds of `quotient` write the same bytes: the quotient,
# the --map file, the error text and the exit status, under every -e, on
# every oracle file (tests/data/oracle), on the `gen` LTS of every model of
# models/cases.csv at its bounds (implementation and specification), and on
# a few random and family LTSs (bench/common/make_aut, make_family). For a
# change that must not change behaviour: run it after every step.
#
#   bash bench/quotient/compare_outputs.sh OLD_QUOTIENT NEW_QUOTIENT [BUILD_DIR]
# e.g. bash bench/quotient/compare_outputs.sh /tmp/old/quotient build/tools/quotient
# BUILD_DIR (default build/) supplies gen, make_aut and make_family. The
# generated inputs are kept in $COMPARE_INPUTS when it is set (reused when
# present), else in a temporary directory.
# Prints one line per difference and a summary; exit status 1 on any
# difference, 0 when all agree.
set -euo pipefail
[ $# -ge 2 ] || { sed -n 2,15p "$0" >&2; exit 2; }
old=$1 new=$2 build=${3:-build}
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=${COMPARE_INPUTS:-$work/inputs}
mkdir -p "$inputs"
cmake --build "$build" --target bench_tools >/dev/null

# The generated inputs, made once.
if [ ! -e "$inputs/.done" ]; then
  tail -n +2 "$src/models/cases.csv" | while IFS=, read -r id _ file impl spec _ threads ops _; do
    "$build/tools/gen" "$src/models/$file" --object "$impl" -t "$threads" -n "$ops" \
      -o "$inputs/gen_${id}_impl.aut"
    case $spec in
      *:*) spec_file=${spec%%:*} spec_object=${spec#*:} ;;
      *) spec_file=$file spec_object=$spec ;;
    esac
    "$build/tools/gen" "$src/models/$spec_file" --object "$spec_object" -t "$threads" -n "$ops" \
      -o "$inputs/gen_${id}_spec.aut"
  done
  for seed in 1 2 3 4 5 6; do
    "$build/bench/make_aut" --states $((seed * 700)) --transitions $((seed * 2800)) \
      --tau "0.$((seed + 2))" --seed "$seed" > "$inputs/random_$seed.aut"
  done
  "$build/bench/make_aut" --states 3000 --transitions 9000 --tau 0.4 --call-labels \
    --seed 7 > "$inputs/random_calls.aut"
  for family in line tau-line lines ring tau-ring tau-ring-loops; do
    "$build/bench/quotient/make_family" "$family" 2000 > "$inputs/family_$family.aut"
  done
  touch "$inputs/.done"
fi

files=("$src"/tests/data/oracle/*.aut "$src"/tests/data/oracle/random/*.aut "$inputs"/*.aut)
run() {  # BINARY SIDE EQUIVALENCE FILE: output, map, stderr and status under $work/SIDE
  local status=0
  "$1" -e "$3" "$4" -o "$work/$2.aut" --map "$work/$2.map" 2> "$work/$2.err" || status=$?
  echo "$status" > "$work/$2.status"
  rm -f "$work/$2.missing"
  for kind in aut map; do [ -e "$work/$2.$kind" ] || echo "$kind" >> "$work/$2.missing"; done
}
compared=0 differ=0
for file in "${files[@]}"; do
  for equivalence in strong branching divbranching none; do
    rm -f "$work"/{old,new}.{aut,map}
    run "$old" old "$equivalence" "$file"
    run "$new" new "$equivalence" "$file"
    compared=$((compared + 1))
    for kind in aut map err status missing; do
      if ! cmp -s "$work/old.$kind" "$work/new.$kind" 2>/dev/null &&
         { [ -e "$work/old.$kind" ] || [ -e "$work/new.$kind" ]; }; then
        echo "DIFFER: -e $equivalence ${file#"$src"/} ($kind; exit $(cat "$work/old.status") vs $(cat "$work/new.status"))"
        for side in old new; do [ -s "$work/$side.err" ] && echo "  $side: $(head -n 1 "$work/$side.err")"; done
        differ=$((differ + 1))
        break
      fi
    done
  done
done
# Standard input and a parse error, once each.
for side in old new; do
  binary=$old; [ $side = new ] && binary=$new
  status=0
  "$binary" - < "$src/tests/data/oracle/abp.aut" > "$work/$side.stdin" 2>&1 || status=$?
  echo "$status" >> "$work/$side.stdin"
  status=0
  printf 'des (0,1,2)\n(0,"a",7)\n' > "$work/bad.aut"
  "$binary" "$work/bad.aut" > "$work/$side.bad" 2>&1 || status=$?
  echo "$status" >> "$work/$side.bad"
done
for kind in stdin bad; do
  compared=$((compared + 1))
  cmp -s "$work/old.$kind" "$work/new.$kind" || { echo "DIFFER: $kind"; differ=$((differ + 1)); }
done
echo "compare_outputs: $compared runs compared, $differ differ"
[ "$differ" -eq 0 ]
