#!/usr/bin/env bash
# gen --symmetry beside the plain route (docs/reduction.md, "Thread
# symmetry"): for each configuration, `gen | quotient -e divbranching` and
# `gen --symmetry | quotient -e divbranching` (gen --symmetry writes the
# quotient already; the second quotient checks it is minimal), with the
# states each explores, wall time, peak memory and the quotient.
#
#   bash bench/symmetry.sh [CONFIG...]
#   CONFIG  MODEL:THREADS:OPS[:GEN OPTION...], e.g. ms_queue:4:2:--pool=9
#           (default: ms_queue 3x2, treiber_stack 3x2, dglm_queue 3x2,
#           snzi 3x2 and ms_queue 4x2 with a pool of 9)
#   BIN=DIR  where gen and quotient are (default build/tools)
#   LIMIT=S  seconds allowed for one route (default 300, the issue's 5 minutes)
#
# Prints a Markdown table on stdout, the command and the machine on stderr.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
limit=${LIMIT:-300}
configs=("$@")
[ ${#configs[@]} -gt 0 ] ||
  configs=(ms_queue:3:2 treiber_stack:3:2 dglm_queue:3:2 snzi:3:2 ms_queue:4:2:--pool=9)
. "$root/bench/common/lib.sh"
bench_setup symmetry.sh "LIMIT=$limit bench/symmetry.sh ${configs[*]}"

# route NAME GEN-ARGS...: gen ARGS -v | quotient -e divbranching, timed;
# prints "EXPLORED SECONDS PEAK_MB QUOTIENT_STATES" or "- (REASON) - -".
route() {
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$tmp/$name.time" timeout "$limit" bash -c \
    '"$0" "$@" -v 2> "'"$tmp/$name.err"'" | "'"$bin/quotient"'" -e divbranching - -o "'"$tmp/$name.q.aut"'"' \
    "$bin/gen" "$@" 2>/dev/null
  local rc=$?
  if [ $rc != 0 ]; then
    echo "- ($(failure_reason $rc "$tmp/$name.err")) - -"
    return
  fi
  local explored secs peak q
  explored=$(sed -n 's/^gen: .* \([0-9]*\) states explored.*/\1/p' "$tmp/$name.err" | tail -1)
  read -r secs peak < "$tmp/$name.time"
  q=$(head -1 "$tmp/$name.q.aut" | cut -d, -f3 | tr -d ')')
  echo "$explored $secs $((peak / 1024)) $q"
}
ratio() { [[ $1 == -* || $2 == -* ]] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

echo "| model | K×N | explored plain | explored --symmetry | s plain | s --symmetry | ratio | peak MB plain | peak MB --symmetry | quotient plain | quotient --symmetry |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for c in "${configs[@]}"; do
  IFS=: read -r m k n extra <<<"$c"
  args=("$root/models/$m.conc" -t "$k" -n "$n")
  [ -z "$extra" ] || args+=(${extra//:/ })
  read -r pe ps pm pq <<<"$(route plain "${args[@]}")"
  read -r se ss sm sq <<<"$(route sym "${args[@]}" --symmetry)"
  echo "| $m | ${k}×$n${extra:+ ${extra//:/ }} | $pe | $se | $ps | $ss | $(ratio "$ss" "$ps") | $pm | $sm | $pq | $sq |"
done
