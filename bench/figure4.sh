#!/usr/bin/env bash
# The seed paper's Figure 4 (Yang, Katoen, Lin, Wu, Section 5.3): concrete
# states against branching-quotient states for 2 threads calling 2..10
# operations each, per algorithm, and the whole linearizability check
# (gen impl | quotient, gen spec | quotient, refines) at each size.
#
#   bash bench/figure4.sh [--ids 1,2,...] [--max-ops N] [--threads K]
#                         [--csv FILE] [--png FILE]
#
#   --ids      rows of models/cases.csv (default: the lock-free and
#              lock-based algorithms of the seed paper's Table 1 that are
#              correct: 1,2,4,5,6,7,8,9-2,10,11,12,13)
#   --max-ops  the largest number of operations per thread (default 10)
#   --csv      also write the table as CSV to FILE
#   --png      draw the log-log plot with gnuplot to FILE
#   BIN=DIR    where gen, quotient and refines are (default build/tools)
#   LIMIT=S    seconds allowed for one configuration (default 300); a series
#              stops at its first configuration that fails or times out
#   MAX_STATES=N  gen stops beyond N states (default 50000000)
#
# Prints a table on stdout: per configuration the concrete and quotient
# sizes, the reduction factor, the linearizability verdict, the wall time
# of the whole check and the peak resident memory of its largest step.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
limit=${LIMIT:-300}
max_states=${MAX_STATES:-50000000}
ids=1,2,4,5,6,7,8,9-2,10,11,12,13
max_ops=10 threads=2 csv="" png=""
while [ $# -gt 0 ]; do
  case $1 in
    --ids) ids=$2; shift ;;
    --max-ops) max_ops=$2; shift ;;
    --threads) threads=$2; shift ;;
    --csv) csv=$2; shift ;;
    --png) png=$2; shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "figure4.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for t in gen quotient refines; do
  [ -x "$bin/$t" ] || { echo "figure4.sh: $bin/$t not found (set BIN)" >&2; exit 2; }
done
[ -z "$png" ] || command -v gnuplot >/dev/null || { echo "figure4.sh: --png needs gnuplot" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deadline() { echo $(( $(date +%s) + limit )); }

header() { head -1 "$1" | sed -n 's/^des *( *[0-9]* *, *\([0-9]*\) *, *\([0-9]*\) *).*/\2 \1/p'; }
model() {
  case $1 in
    *:*) echo "$root/models/${1%%:*} ${1##*:}" ;;
    *) echo "$root/models/$2 $1" ;;
  esac
}
# step CMD...: runs CMD within what is left of the configuration's time,
# recording the peak RSS (KiB) in $work/rss; fails on error or timeout.
step() {
  local left=$(( end - $(date +%s) ))
  [ $left -gt 0 ] || return 1
  /usr/bin/time -f %M -o "$work/rss.one" timeout "$left" "$@" 2>>"$work/err" >/dev/null
  local rc=$?
  local kb; kb=$(tail -1 "$work/rss.one" 2>/dev/null); [ -n "$kb" ] && [ "$kb" -gt "$(cat "$work/rss")" ] && echo "$kb" >"$work/rss"
  return $rc
}

# why_stopped: the error of the step that failed (a fault's error, not the
# run gen prints after it), or the time limit when there is none.
why_stopped() {
  local e; e=$(grep -m1 "error:" "$work/err" | sed 's/^.*error: //' | cut -c1-100)
  echo "${e:-the ${limit} s limit}"
}

echo "# command: bench/figure4.sh --ids $ids --max-ops $max_ops --threads $threads (LIMIT=$limit s, $(nproc) cores, $(free -g | awk '/Mem:/ { print $2 }') GB)"
fmt='%-6s %-34s %4s %12s %12s %9s %10s %9s %8s %8s\n'
printf "$fmt" id name ops states transitions q_states reduction lin seconds peak_MB
[ -z "$csv" ] || echo "id,name,threads,ops,states,transitions,quotient_states,quotient_transitions,reduction,linearizable,seconds,peak_mb" >"$csv"
: >"$work/points"
while IFS=, read -r id name file impl spec abstract k n want_lin want_lf _; do
  [[ ,$ids, == *",$id,"* ]] || continue
  for ((ops = 2; ops <= max_ops; ops++)); do
    echo 0 >"$work/rss"; : >"$work/err"
    end=$(deadline); start=$(date +%s.%N)
    read -r f o <<<"$(model "$impl" "$file")"
    args=(--threads "$threads" --ops "$ops")
    # The paper's concrete states are the full state space: no reduction.
    step "$bin/gen" "$f" --object "$o" "${args[@]}" --no-reduce --max-states "$max_states" -o "$work/impl.aut" &&
    step "$bin/quotient" "$work/impl.aut" -o "$work/impl.q.aut" || {
      echo "# $id at $ops operations: stopped ($(why_stopped))"; break; }
    read -r s t <<<"$(header "$work/impl.aut")"; rm -f "$work/impl.aut"
    read -r qs qt <<<"$(header "$work/impl.q.aut")"
    read -r f o <<<"$(model "$spec" "$file")"
    lin=error
    if step "$bin/gen" "$f" --object "$o" "${args[@]}" --max-states "$max_states" -o "$work/spec.aut" &&
       step "$bin/quotient" "$work/spec.aut" -o "$work/spec.q.aut"; then
      step "$bin/refines" "$work/impl.q.aut" "$work/spec.q.aut"
      case $? in 0) lin=true ;; 1) lin=false ;; *) lin=timeout ;; esac
    fi
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    mb=$(awk -v k="$(cat "$work/rss")" 'BEGIN { printf "%.0f", k / 1024 }')
    red=$(awk -v s="$s" -v q="$qs" 'BEGIN { printf "%.0f", s / q }')
    printf "$fmt" "$id" "${name:0:34}" "$ops" "$s" "$t" "$qs" "$red" "$lin" "$secs" "$mb"
    [ -z "$csv" ] || echo "$id,\"$name\",$threads,$ops,$s,$t,$qs,$qt,$red,$lin,$secs,$mb" >>"$csv"
    echo "$id $s $qs" >>"$work/points"
    [ "$lin" != timeout ] && [ "$lin" != error ] || break
  done
done <"$root/models/cases.csv"

if [ -n "$png" ]; then
  # One data block per algorithm, separated by two blank lines (gnuplot index).
  awk '$1 != last { if (NR > 1) printf "\n\n"; last = $1 } { print $2, $3 }' "$work/points" >"$work/points.dat"
  titles=$(awk '$1 != last { printf "%s ", $1; last = $1 }' "$work/points")
  gnuplot <<EOF
set terminal pngcairo size 900,700
set output "$png"
set logscale xy
set xlabel "states of the object system (2 threads, 2..$max_ops operations each)"
set ylabel "states of its branching bisimulation quotient"
set key left top
set grid
titles = "$titles"
plot for [i=0:words(titles)-1] "$work/points.dat" index i with linespoints title "case ".word(titles, i+1), \
     x title "reduction 1" dt 2 lc rgb "gray", x/10 notitle dt 2 lc rgb "gray", \
     x/100 notitle dt 2 lc rgb "gray", x/1000 notitle dt 2 lc rgb "gray", \
     x/10000 title "reduction 10, 100, 1000, 10000" dt 2 lc rgb "gray"
EOF
  echo "# plot: $png"
fi
