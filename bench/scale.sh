#!/usr/bin/env bash
# How far each Table 1 row scales: for every row of models/cases.csv and
# every thread count K, the largest number of operations N whose object
# system `gen` explores and `quotient -e divbranching` reduces within a time
# and a memory limit, beside the figures the papers report for the same
# algorithm (Liu et al., IEEE TSE 2013, Table 1, PAT; Yang, Katoen, Lin, Wu,
# Figure 4, CADP).
#
#   bash bench/scale.sh [--only ID,ID...] [--threads 2,3,4] [--max-ops N]
#                       [--time-limit S] [--memory-limit SIZE] [--cases FILE]
#                       [--no-symmetry] [--pool N]
#
#   --only          rows to run (default: all)
#   --threads       thread counts K to try (default 2,3,4)
#   --max-ops       the largest N tried (default 10)
#   --inf           then try N = inf (clients that call for ever, as PAT's
#                   processes do), reported on a line of its own if it passes
#   --time-limit    seconds per configuration, all its runs together (default 600)
#   --memory-limit  passed to every tool run (default 20G); peak memory is
#                   measured with /usr/bin/time
#   --no-symmetry   never gen --symmetry (by default it is used for every row
#                   whose model it accepts, when gen has it)
#   --pool N        gen --pool N for every row: every node pool holds N nodes
#                   (the MS queue needs 9 at 4 threads x 2 operations)
#   BIN=DIR         where gen and quotient are (default build/tools)
#
# For each K, N grows from 1 until a configuration fails: "time" (the
# limit), "memory" (the tool's --memory-limit), or "model: ..." (the model's
# own bound, such as an exhausted node pool or a value range; gen's error).
# Column "route": "symmetry" when gen --symmetry explored one state per
# orbit of the thread permutations (docs/reduction.md; it writes the
# divbranching quotient, which quotient then leaves as it is), "reduced"
# otherwise. Columns: states reduced (those gen writes by default, with its
# reductions, or the orbit states under symmetry), explored (those it visits on that route, before merging
# single-step states) and full (gen --no-reduce); where gen has no
# --no-reduce, its output is the full LTS and "reduced" is n/a. gen runs with -j (all cores) when it
# supports it. "s" and "peak MB" are the wall time and largest resident set
# of gen and quotient on the reduced route (the full route only counts states).
# "(time)" or "(memory)" in the full column: the full route did not finish
# within what was left of the limits, at this N or a smaller one (it is not
# tried again at a larger N, whose full state space is larger still).
# Prints a Markdown table on stdout; the command and the machine on stderr.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
cases=$root/models/cases.csv
only="" threads=2,3,4 max_ops=10 limit=600 memory=20G try_inf=0 symmetry=1 pool=()
while [ $# -gt 0 ]; do
  case $1 in
    --only) only=,$2, ; shift ;;
    --threads) threads=$2 ; shift ;;
    --max-ops) max_ops=$2 ; shift ;;
    --time-limit) limit=$2 ; shift ;;
    --memory-limit) memory=$2 ; shift ;;
    --cases) cases=$2 ; shift ;;
    --inf) try_inf=1 ;;
    --no-symmetry) symmetry=0 ;;
    --pool) pool=(--pool "$2") ; shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "scale.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for t in gen quotient; do
  [ -x "$bin/$t" ] || { echo "scale.sh: $bin/$t not found (set BIN)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "scale.sh: /usr/bin/time is needed (Debian package 'time')" >&2; exit 2; }
help=$("$bin/gen" --help 2>&1)
has_no_reduce=0; grep -q -- "--no-reduce" <<<"$help" && has_no_reduce=1
jobs=(); grep -q -- "--jobs" <<<"$help" && jobs=(-j "$(nproc)")
grep -q -- "--symmetry" <<<"$help" || symmetry=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# command: bench/scale.sh ${only:+--only ${only:1:-1}} --threads $threads --max-ops $max_ops --time-limit $limit --memory-limit $memory$([ $try_inf = 1 ] && echo ' --inf')$([ $symmetry = 0 ] && echo ' --no-symmetry')${pool[*]:+ ${pool[*]}}" >&2
echo "# machine: $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB; gen --no-reduce: $([ $has_no_reduce = 1 ] && echo yes || echo n/a); gen -j: $([ ${#jobs[@]} -gt 0 ] && echo "${jobs[1]}" || echo n/a)" >&2

# The papers' largest configurations, by row id.
declare -A paper=(
  [1]="seed Fig. 4: 2 threads, 2-10 ops" [2]="seed Fig. 4: 2 threads, 2-10 ops, quotient 0.01 %"
  [4]="seed Fig. 4: 2 threads, 2-10 ops, quotient 0.02 %" [5]="seed Fig. 4: 2 threads, 2-10 ops"
  [6]="seed Fig. 4: 2 threads, 2-10 ops" [7]="seed Fig. 4: 2 threads, 2-10 ops"
  [8]="seed Fig. 4: 2 threads, 2-10 ops" [9-2]="seed Fig. 4: 2 threads, 2-10 ops"
  [10]="seed Fig. 4: 2 threads, 2-10 ops" [11]="seed Fig. 4: 2 threads, 2-10 ops"
  [12]="seed Fig. 4: 2 threads, 2-10 ops" [13]="seed Fig. 4: 2 threads, 2-10 ops"
  [14]="PAT: 4-valued, 7 proc., 484 723 st., 53 110 s (SR+POR)"
  [15]="PAT: size 4, 6 proc., 694 620 st., 52 187 s (SR)"
  [16]="PAT: size 3, 4 proc., 773 064 st., 2 068 s (SR+POR)"
  [17]="PAT: size 2, 3 proc., 477 st., 0.36 s (SR+POR)"
  [18]="PAT: 3 nodes, 3 proc., 3 524 553 st., 5 224 s (SR+POR)"
)

now() { date +%s.%N; }
# timed LOG SECONDS CMD...: runs CMD under the time left; appends "wall peak_kib" to LOG.times.
timed() {
  local log=$1 secs=$2; shift 2
  /usr/bin/time -f "%e %M" -o "$log.time" timeout "$secs" "$@" 2>>"$log"
  local rc=$?
  cat "$log.time" >>"$log.times" 2>/dev/null
  return $rc
}
# left START: whole seconds of the configuration's budget still unused (at least 1).
left() { awk -v s="$1" -v n="$(now)" -v l="$limit" 'BEGIN { r = int(l - (n - s)); print (r < 1 ? 1 : r) }'; }
# reason RC LOG: why a run failed.
reason() {
  if [ "$1" = 124 ]; then echo time
  elif grep -q "error: out of memory" "$2"; then echo memory
  else echo "model: $(grep -m1 -i error "$2" | sed 's/^.*error: //; s/;.*//' | cut -c1-70 | tr ',|' ';/')"
  fi
}
states_of() { sed -n 's/^gen: \([0-9]*\) states.*/\1/p' "$1" | tail -1; }
explored_of() { sed -n 's/^gen: .* \([0-9]*\) states explored.*/\1/p' "$1" | tail -1; }
header_states() { head -1 "$1" | sed -n 's/^des *( *[0-9]* *, *[0-9]* *, *\([0-9]*\) *).*/\1/p'; }

# symmetric FILE OBJECT: whether gen --symmetry accepts the model (it
# refuses, before exploring, one that names a thread other than as an index
# relative to it).
symmetric() {
  [ $symmetry = 1 ] || return 1
  local out
  out=$("$bin/gen" "$1" --object "$2" -t 2 -n 1 --symmetry --max-states 1 -o /dev/null 2>&1)
  ! grep -q -- "--symmetry needs a model" <<<"$out"
}

# config FILE OBJECT K N DIR FULL [--symmetry]: runs one configuration;
# prints "ok reduced explored full transitions quotient seconds peak_mb" or
# "fail REASON". FULL is "run", or the reason the full route failed at a
# smaller N of the same row and K, such as "(time)": the full state space only
# grows with N (a run with N operations per thread is the prefix of one with
# N + 1), so it is not tried again and the reason is repeated.
config() {
  local f=$1 o=$2 k=$3 n=$4 d=$5 full_route=$6 sym=${7:-} start rc
  rm -rf "$d"; mkdir -p "$d"
  start=$(now)
  timed "$d/log" "$(left "$start")" "$bin/gen" "$f" --object "$o" -t "$k" -n "$n" -v "${jobs[@]}" "${pool[@]}" $sym \
    --memory-limit "$memory" -o "$d/impl.aut"
  rc=$?; [ $rc = 0 ] || { echo "fail $(reason $rc "$d/log")"; return; }
  timed "$d/log" "$(left "$start")" "$bin/quotient" -e divbranching --memory-limit "$memory" \
    "$d/impl.aut" -o "$d/impl.dq.aut"
  rc=$?; [ $rc = 0 ] || { echo "fail $(reason $rc "$d/log")"; return; }
  local gen_states full=n/a reduced=n/a explored trans q
  gen_states=$(states_of "$d/log")
  explored=$(explored_of "$d/log")
  [ -n "$explored" ] || explored=n/a
  trans=$(sed -n 's/^gen: [0-9]* states, \([0-9]*\) transitions.*/\1/p' "$d/log" | tail -1)
  q=$(header_states "$d/impl.dq.aut")
  rm -f "$d/impl.aut" "$d/impl.dq.aut"
  if [ $has_no_reduce = 1 ] && [ "$full_route" != run ]; then
    reduced=$gen_states full=$full_route
  elif [ $has_no_reduce = 1 ]; then
    reduced=$gen_states
    : >"$d/full.log"
    timed "$d/full.log" "$(left "$start")" "$bin/gen" "$f" --object "$o" -t "$k" -n "$n" -v \
      --no-reduce "${jobs[@]}" "${pool[@]}" --memory-limit "$memory" -o /dev/null
    rc=$?
    if [ $rc = 0 ]; then full=$(states_of "$d/full.log"); else full="($(reason $rc "$d/full.log" | cut -d: -f1))"; fi
  else
    full=$gen_states
  fi
  local secs peak
  secs=$(awk '{ s += $1 } END { printf "%.2f", s }' "$d/log.times")
  peak=$(awk '$2 > m { m = $2 } END { printf "%.0f", m / 1024 }' "$d/log.times")
  echo "ok $reduced $explored $full $trans $q $secs $peak"
}

# line ID NAME K "N RESULT..." STOP ROUTE: one row of the table.
line() {
  local n red explored full trans q secs peak
  if [ -z "$4" ]; then echo "| $1 | $2 | $3×– | $6 | | | | | | | | $5 | ${paper[$1]:-} |"; return; fi
  read -r n red explored full trans q secs peak <<<"$4"
  echo "| $1 | $2 | $3×$n | $6 | $red | $explored | $full | $trans | $q | $secs | $peak | $5 | ${paper[$1]:-} |"
}

echo "| id | case | K×N | route | states reduced | explored | states full | transitions | divbranching quotient | s | peak MB | next stopped by | the papers |"
echo "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|"
IFS=, read -r -a thread_list <<<"$threads"
while IFS=, read -r id name file impl _rest; do
  [ "$id" = id ] && continue
  [ -z "$id" ] || [ "${id#\#}" != "$id" ] && continue
  [ -z "$only" ] || [[ $only == *",$id,"* ]] || continue
  o=$impl f=$root/models/$file
  sym="" route=reduced
  if symmetric "$f" "$o"; then sym=--symmetry route=symmetry; fi
  for k in "${thread_list[@]}"; do
    best="" stop="max ops $max_ops" full_route=run
    for ((n = 1; n <= max_ops; n++)); do
      read -r status rest <<<"$(config "$f" "$o" "$k" "$n" "$work/run" "$full_route" $sym)"
      if [ "$status" != ok ]; then stop=$rest; break; fi
      best="$n $rest"
      read -r _ _ full _ <<<"$rest"
      case $full in "(time)" | "(memory)") full_route=$full ;; esac
    done
    line "$id" "$name" "$k" "$best" "$stop" "$route"
    if [ $try_inf = 1 ]; then
      read -r status rest <<<"$(config "$f" "$o" "$k" inf "$work/run" run $sym)"
      if [ "$status" = ok ]; then line "$id" "$name" "$k" "inf $rest" "" "$route"
      else echo "| $id | $name | $k×inf | $route | | | | | | | | $rest | |"; fi
    fi
  done
done <"$cases"
