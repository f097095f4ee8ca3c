#!/usr/bin/env bash
# The seed paper's Table 1 end to end (Yang, Katoen, Lin, Wu, "Proving
# linearizability via branching bisimulation", Section 5): for every row of
# models/cases.csv, gen | quotient | refines.
#
#   bash bench/table1.sh [--quick] [--only ID,ID...] [--threads K] [--ops N]
#                        [--keep DIR] [--cases FILE] [--memory sc|tso|pso [--buffer N]]
#
#   --quick     the bounds of cases.csv (threads x ops); without it, one more
#               operation per thread than cases.csv (the larger run)
#   --only      run only these row ids
#   --threads/--ops  override the bounds of every row
#   --keep DIR  keep every LTS and counterexample in DIR/ID/ (the e2e test
#               replays the counterexamples from there)
#   --memory M  the object under memory model M (gen --memory;
#               docs/memory-models.md), its specification under sc. Under
#               tso and pso only states and linearizability: the
#               lock-freedom, progress and for-ever columns stay empty
#               (they need a fairness for the flushes)
#   --buffer N  gen's --buffer under --memory tso|pso (default gen's, 2)
#   BIN=DIR     where gen, quotient and refines are (default build/tools)
#   TIMEOUT=S   seconds allowed per tool run (default 600)
#   MEMORY=SIZE every tool run's --memory-limit (default: the tools' own,
#               half of physical memory), e.g. MEMORY=20G at three threads
#
# Linearizability (Theorem 3.5): refines on the branching quotients of the
# object and of its sequential specification (exit 0 holds, 1 not).
# Lock-freedom, where the row expects a verdict (Section 4): the
# divergence-sensitive branching quotient of the object has no reachable
# tau-cycle (`refines --lockfree`). Where the row names an abstract object
# (non-fixed linearization points), or `spec` (Corollary 4.5: fixed
# linearization points), Theorem 4.4 is checked too: if the object is
# divbranching bisimilar to the abstract one, the lock-freedom of the
# latter must agree; a lock-free object that is not bisimilar to its
# abstract object is reported on stderr and makes the exit status 1.
# Progress (docs/results.md, "Progress"): the five properties of Liang et
# al. (CONCUR 2013) on `gen --thread-steps` output, at the row's
# progress_ops (`inf`: operations forever; empty: the row's operations):
# `refines --progress P` for each P (exit 0 holds, 1 not).
# Operations for ever, where the row names a forever_witness (a lasso in
# models/witnesses/, docs/results.md "Operations for ever"): gen --replay
# finds the lasso's run in the object with clients that call for ever (gen
# --ops inf --thread-steps, plus the witness's `# options:` line), and
# `refines --progress all` on the lasso alone names the properties its
# shape violates: refuted_forever lists them (`;`-separated), `none` when
# it violates nothing, `unreplayable` when the object has no such run.
# Verdicts: true, false, error (a tool failed: see stderr), or empty;
# linearizability can also be `full` (a store buffer filled: no verdict at
# that --buffer) or `fault` (gen found a run-time fault of the model, such
# as an index out of bounds: its run is on stderr).
# Prints CSV on stdout; the command line and notes go to stderr.
# Exit status: 0 when every verdict was computed (whatever it is), 1 when a
# row has an `error` or fails its Theorem 4.4 check, 2 on a usage error.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/tools}
limit=${TIMEOUT:-600}
memory=${MEMORY:-}
cases=$root/models/cases.csv
quick=0 only="" threads="" ops="" keep="" memory_model=sc buffer=""
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --only) only=,$2, ; shift ;;
    --threads) threads=$2 ; shift ;;
    --ops) ops=$2 ; shift ;;
    --keep) keep=$2 ; shift ;;
    --cases) cases=$2 ; shift ;;
    --memory) memory_model=$2 ; shift
              case $memory_model in sc|tso|pso) ;; *) echo "table1.sh: --memory takes sc, tso or pso" >&2; exit 2 ;; esac ;;
    --buffer) buffer=$2 ; shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "table1.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ -z "$buffer" ] || [ "$memory_model" != sc ] || { echo "table1.sh: --buffer needs --memory tso or pso" >&2; exit 2; }
for t in gen quotient refines; do
  [ -x "$bin/$t" ] || { echo "table1.sh: $bin/$t not found (set BIN)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# command: bench/table1.sh $([ $quick = 1 ] && echo --quick) ${only:+--only ${only:1:-1}} ${threads:+--threads $threads} ${ops:+--ops $ops} $([ $memory_model = sc ] || echo "--memory $memory_model") ${buffer:+--buffer $buffer} (BIN=$bin, $(nproc) cores, TIMEOUT=$limit${memory:+, MEMORY=$memory})" >&2
echo "id,states,transitions,quotient_states,quotient_transitions,linearizable,lockfree,lock_free,wait_free,obstruction_free,deadlock_free,starvation_free,refuted_forever,seconds"

properties=(lock-free wait-free obstruction-free deadlock-free starvation-free)

status=0
now() { date +%s.%N; }
# header FILE: "STATES TRANSITIONS" from a .aut header "des (I, T, S)".
header() { head -1 "$1" | sed -n 's/^des *( *[0-9]* *, *\([0-9]*\) *, *\([0-9]*\) *).*/\2 \1/p'; }
# model REF ROWFILE: "FILE OBJECT" for REF = OBJECT (in the row's file) or FILE:OBJECT.
model() {
  case $1 in
    *:*) echo "$root/models/${1%%:*} ${1##*:}" ;;
    *) echo "$root/models/$2 $1" ;;
  esac
}
# run LOG CMD...: one tool run under the time limit (and MEMORY); keeps its
# stderr, and says so when the time limit stopped it (timeout's status 124).
run() {
  local log=$1 rc
  shift
  timeout "$limit" "$@" ${memory:+--memory-limit "$memory"} 2>>"$log"
  rc=$?
  [ $rc = 124 ] && echo "${1##*/}: stopped after $limit s (TIMEOUT)" >>"$log"
  return $rc
}
# verdict RC: the refines exit status as a verdict.
verdict() { case $1 in 0) echo true ;; 1) echo false ;; *) echo error ;; esac; }

row() {
  local id=$1 file=$2 impl=$3 spec=$4 abstract=$5 k=$6 n=$7 want_lf=$8 pn=$9 witness=${10}
  local d=$work/$id log
  mkdir -p "$d"; log=$d/stderr.txt
  local f o
  read -r f o <<<"$(model "$impl" "$file")"
  local impl_f=$f impl_o=$o prog forever=""
  local gen_args=(--threads "$k" --ops "$n")
  local memory_args=(); [ "$memory_model" = sc ] || memory_args=(--memory "$memory_model" ${buffer:+--buffer "$buffer"})
  local states="" trans="" qs="" qt="" lin=error lf="" rc=0
  if run "$log" "$bin/gen" "$f" --object "$o" "${gen_args[@]}" "${memory_args[@]}" -o "$d/impl.aut" &&
     run "$log" "$bin/quotient" "$d/impl.aut" -o "$d/impl.q.aut"; then
    read -r states trans <<<"$(header "$d/impl.aut")"
    read -r qs qt <<<"$(header "$d/impl.q.aut")"
    if [ -n "$spec" ]; then
      read -r f o <<<"$(model "$spec" "$file")"
      run "$log" "$bin/gen" "$f" --object "$o" "${gen_args[@]}" -o "$d/spec.aut"
    else
      run "$log" "$bin/gen" "$f" --object "$o" "${gen_args[@]}" --spec -o "$d/spec.aut"
    fi &&
    run "$log" "$bin/quotient" "$d/spec.aut" -o "$d/spec.q.aut" &&
    { run "$log" "$bin/refines" "$d/impl.q.aut" "$d/spec.q.aut" --cex "$d/lin.cex" >"$d/lin.txt"
      lin=$(verdict $?); }
    if [ -n "$want_lf" ]; then
      lf=error
      if run "$log" "$bin/quotient" -e divbranching "$d/impl.aut" -o "$d/impl.dq.aut"; then
        run "$log" "$bin/refines" --lockfree "$d/impl.dq.aut" --cex "$d/lf.cex" >"$d/lf.txt"
        lf=$(verdict $?)
      fi
      [ -z "$abstract" ] || abstract_check "$id" "$file" "$abstract" "$d" "$log" "$lf" || rc=1
    fi
  elif grep -q "store buffer full" "$log"; then
    lin=full
  elif grep -q "note: a run that reaches it" "$log"; then
    lin=fault  # gen found a run-time fault of the model (its run is in the log)
  fi
  if [ "$memory_model" = sc ]; then
    prog=$(progress "$impl_f" "$impl_o" "$k" "$pn" "$d" "$log")
    [ -z "$witness" ] || forever=$(forever "$impl_f" "$impl_o" "$k" "$root/models/$witness" "$d" "$log")
  else
    prog=",,,,"
  fi
  if [ "$lin" = fault ]; then
    echo "table1.sh: row $id: a run-time fault of the model:" >&2; grep -v '^gen: note' "$log" | sed 's/^/  /' >&2
  fi
  if [ "$lin" = error ] || [ "$lf" = error ] || [[ $prog == *error* ]] || [ "$forever" = error ]; then
    echo "table1.sh: row $id: a tool failed:" >&2; sed 's/^/  /' "$log" >&2
    rc=1
  fi
  echo "$states,$trans,$qs,$qt,$lin,$lf,$prog,$forever"
  return $rc
}

# progress FILE OBJECT K OPS DIR LOG: the five progress verdicts, comma-separated.
progress() {
  local d=$5 log=$6 p out=()
  run "$log" "$bin/gen" "$1" --object "$2" --threads "$3" --ops "$4" --thread-steps -o "$d/steps.aut" ||
    { echo "error,error,error,error,error"; return; }
  for p in "${properties[@]}"; do
    run "$log" "$bin/refines" --progress "$p" "$d/steps.aut" >>"$d/progress.txt"
    out+=("$(verdict $?)")
  done
  local IFS=,
  echo "${out[*]}"
}

# lasso_aut LASSO: the lasso (stem, `# cycle`, cycle; other `#` lines are
# comments) as an LTS: a path whose last transition goes back to the cycle's
# first state.
lasso_aut() {
  awk '/^# cycle$/ { c = n; next } /^#/ || NF == 0 { next } { l[n++] = $0 }
       END { printf "des (0, %d, %d)\n", n, n
             for (i = 0; i < n; i++) printf "(%d, \"%s\", %d)\n", i, l[i], i + 1 < n ? i + 1 : c }' "$1"
}

# forever FILE OBJECT K WITNESS DIR LOG: the properties the witness lasso
# refutes for clients that call for ever (see the top of this file).
forever() {
  local w=$4 d=$5 log=$6 opts
  read -r -a opts <<<"$(sed -n 's/^# options: //p' "$w")"
  run "$log" "$bin/gen" "$1" --object "$2" --threads "$3" --ops inf --thread-steps "${opts[@]}" \
    --replay "$w" >"$d/forever.txt"
  case $? in 0) ;; 2) grep -q "does not belong" "$log" && echo unreplayable || echo error; return ;; *) echo error; return ;; esac
  lasso_aut "$w" >"$d/forever.aut"
  run "$log" "$bin/refines" --progress all "$d/forever.aut" >"$d/forever.progress"
  [ $? -le 1 ] || { echo error; return; }
  awk '$2 == "does" && $3 == "not" && $4 == "hold" && $1 ~ /-free$/ { r = r (r == "" ? "" : ";") $1 }
       END { print r == "" ? "none" : r }' "$d/forever.progress"
}

# abstract_check ID FILE REF DIR LOG LF: Theorem 4.4. If O ~div Theta, the
# lock-freedom of Theta must agree with what was found on O; REF = spec
# uses the row's specification as Theta (Corollary 4.5, for objects with
# fixed linearization points). If they are not bisimilar and O is lock-free,
# Theta is no abstraction of O: a defect of the model, reported as an error.
abstract_check() {
  local id=$1 f o d=$4 log=$5 lf=$6
  if [ "$3" = spec ]; then
    run "$log" "$bin/quotient" -e divbranching "$d/spec.aut" -o "$d/abstract.dq.aut"
  else
    read -r f o <<<"$(model "$3" "$2")"
    run "$log" "$bin/gen" "$f" --object "$o" --threads "$K" --ops "$N" -o "$d/abstract.aut" &&
    run "$log" "$bin/quotient" -e divbranching "$d/abstract.aut" -o "$d/abstract.dq.aut"
  fi || { echo "table1.sh: row $id: the abstract object $3 failed to build" >&2; return 1; }
  run "$log" "$bin/refines" --equiv divbranching "$d/impl.dq.aut" "$d/abstract.dq.aut" >"$d/abstract.txt"
  local eq=$(verdict $?)
  run "$log" "$bin/refines" --lockfree "$d/abstract.dq.aut" >/dev/null
  local alf=$(verdict $?)
  echo "# row $id: object ~div abstract $3: $eq; abstract lock-free: $alf; object lock-free: $lf" >&2
  case $eq,$lf in
    true,"$alf") return 0 ;;
    false,false) return 0 ;;  # a divergence the abstract object lacks
    false,*) echo "table1.sh: row $id: not divbranching bisimilar to its abstract object $3:" >&2
             sed 's/^/  /' "$d/abstract.txt" >&2; return 1 ;;
    *) echo "table1.sh: row $id: abstract lock-free $alf, object $lf" >&2; return 1 ;;
  esac
}

while IFS=, read -r id name file impl spec abstract k n want_lin want_lf progress_ops _lock _wait _obstruction \
                    _deadlock _starvation forever_witness _; do
  [ "$id" = id ] && continue
  [ -z "$id" ] || [ "${id#\#}" != "$id" ] && continue
  [ -z "$only" ] || [[ $only == *",$id,"* ]] || continue
  [ $quick = 1 ] || n=$((n + 1))
  [ -z "$threads" ] || k=$threads
  [ -z "$ops" ] || n=$ops
  K=$k N=$n
  start=$(now)
  [ "$memory_model" = sc ] || want_lf=""
  line=$(row "$id" "$file" "$impl" "$spec" "$abstract" "$k" "$n" "$want_lf" "${progress_ops:-$n}" "$forever_witness")
  [ $? = 0 ] || status=1
  secs=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
  echo "$id,$line,$secs"
  if [ -n "$keep" ]; then mkdir -p "$keep" && rm -rf "${keep:?}/$id" && cp -r "$work/$id" "$keep/$id"; fi
  rm -rf "${work:?}/$id"
done < "$cases"
exit $status
