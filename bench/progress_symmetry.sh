#!/usr/bin/env bash
# The five progress properties on the symmetric route beside the plain one
# (docs/progress.md, "On an orbit LTS"): for each configuration,
# `gen --thread-steps | refines --progress all` and
# `gen --symmetry --progress all`, with the states each explores, wall time,
# peak memory and the verdicts (one letter per property: lock-, wait-,
# obstruction-, deadlock-, starvation-free; Y holds, n fails).
#
#   bash bench/progress_symmetry.sh [CONFIG...]
#   CONFIG  MODEL:THREADS:OPS[:GEN OPTION...], e.g. ms_queue:4:2:--pool=9
#           (default: ms_queue 3x2, treiber_stack 3x2, ticket_counter 3xinf,
#           treiber_bounded 3xinf, snzi 3x2 and ms_queue 4x2 with a pool of 9)
#   BIN=DIR  where gen and refines are (default build/tools)
#   LIMIT=S  seconds allowed for one route (default 600)
#
# Prints a Markdown table on stdout, the command and the machine on stderr.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
limit=${LIMIT:-600}
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(ms_queue:3:2 treiber_stack:3:2 ticket_counter:3:inf treiber_bounded:3:inf
  snzi:3:2 ms_queue:4:2:--pool=9)
. "$root/bench/common/lib.sh"
bench_setup progress_symmetry.sh "LIMIT=$limit bench/progress_symmetry.sh ${configs[*]}"

# The verdict letters of a report of refines --progress all (or gen --progress all).
letters() {
  awk '/^  (lock|wait|obstruction|deadlock|starvation)-free/ { printf "%s", ($2 == "holds" ? "Y" : "n") }' "$1"
}

# route NAME COMMAND: timed; prints "EXPLORED SECONDS PEAK_MB VERDICTS" or
# "- (REASON) - -". Exit 0 and 1 are verdicts; 2 is an error.
route() {
  local name=$1
  /usr/bin/time -f "%e %M" -o "$tmp/$name.time" timeout "$limit" bash -c "$2" > "$tmp/$name.out" 2> "$tmp/$name.err"
  local rc=$?
  if [ $rc -gt 1 ]; then
    echo "- ($(failure_reason $rc "$tmp/$name.err")) - -"
    return
  fi
  local explored secs peak
  explored=$(sed -n 's/^gen: .* \([0-9]*\) states explored.*/\1/p' "$tmp/$name.err" | tail -1)
  read -r secs peak < <(tail -1 "$tmp/$name.time")
  echo "$explored $secs $((peak / 1024)) $(letters "$tmp/$name.out")"
}

echo "| model | K×N | explored plain | explored --symmetry | s plain | s --symmetry | peak MB plain | peak MB --symmetry | verdicts plain | verdicts --symmetry |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---|---|"
for c in "${configs[@]}"; do
  IFS=: read -r m k n extra <<<"$c"
  args="$root/models/$m.conc -t $k -n $n ${extra//:/ }"
  read -r pe ps pm pv <<<"$(route plain "'$bin/gen' $args --thread-steps -v | '$bin/refines' --progress all -")"
  read -r se ss sm sv <<<"$(route sym "'$bin/gen' $args --symmetry --progress all -v")"
  echo "| $m | ${k}×$n${extra:+ ${extra//:/ }} | $pe | $se | $ps | $ss | $pm | $sm | $pv | $sv |"
done
