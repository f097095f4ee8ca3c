#!/usr/bin/env bash
# Whole-process time and peak memory of `quotient` (GNU time: %e %M):
#  1. on the oracle files, for strong, branching and divbranching;
#  2. on random LTSs of 10^6, 10^7 and 5*10^7 transitions (bench/make_aut),
#     of two shapes (10% tau; 30% tau, which makes a giant tau-cycle),
#     with the phase times of `quotient -v` and the read-only run `-e none`,
#     against the targets: at 10^7 transitions, the refine phase at most 3x
#     the read phase (also shown with the scc phase, tau-SCC contraction,
#     counted in), and peak memory at most 100 bytes per transition;
#  3. on families that make O(mn) refinement quadratic (make_family): time
#     must grow like m log n, i.e. the last column stays near 1 or below;
#  4. on the full LTSs (gen --no-reduce, the larger inputs) of models in
#     models/ (bounded and unbounded clients), with the phase times as in 2.
#
#   bash bench/quotient/run.sh [--quick]
# --quick: random LTSs of 10^6 and 10^7 transitions only, families up to 10^6.
# Env: BUILD=DIR uses an existing build directory instead of building build/;
# SIZES and FAMILY_SIZES override the sizes, GEN_MODELS the models of 4
# (MODEL:THREADS:OPS ...); LIMIT (seconds, default 900)
# bounds each run; REPEAT=K runs each measurement K times and reports the
# run of median total time, its phase times the medians of each phase over
# the K runs (phase times vary by 10-50% between runs on a virtual
# machine; see docs/quotient.md). Needs GNU time (/usr/bin/time, Debian
# package time).
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes="1000000 10000000 50000000" family_sizes="100000 1000000 10000000"
if [ "${1:-}" = "--quick" ]; then sizes="1000000 10000000" family_sizes="100000 1000000"; fi
sizes=${SIZES:-$sizes}
family_sizes=${FAMILY_SIZES:-$family_sizes}
limit=${LIMIT:-900}
build=${BUILD:-build}
[ -n "${BUILD:-}" ] || bash scripts/build.sh >/dev/null
cmake --build "$build" --target bench_tools >/dev/null
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install time" >&2; exit 2; }
q="$build/tools/quotient"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# measure FILE EQ: runs quotient -v (REPEAT times, keeping the run of median
# total time) and sets secs, peak_kib, states_out, transitions_out, the
# phase times read_s, scc_s, refine_s (medians over the runs; "-" if
# absent) and stages (the parts that found the partition: stages.awk).
measure() {
  secs=timeout peak_kib=0 states_out=- transitions_out=- read_s=- scc_s=0 refine_s=- stages=-
  local k runs=${REPEAT:-1}
  : > "$dir/runs"
  for k in $(seq "$runs"); do
    if ! timeout "$limit" /usr/bin/time -f "%e %M" -o "$dir/time.$k" "$q" -v -e "$2" "$1" -o "$dir/q.aut" \
        2> "$dir/v.$k"; then
      return 0
    fi
    echo "$(cut -d' ' -f1 "$dir/time.$k") $k" >> "$dir/runs"
  done
  k=$(sort -n "$dir/runs" | awk '{k[NR] = $2} END {print k[int((NR + 1) / 2)]}')
  cp "$dir/time.$k" "$dir/time"
  cp "$dir/v.$k" "$dir/v"
  read -r secs peak_kib < "$dir/time"
  read -r states_out transitions_out < <(header "$dir/q.aut")
  # Each phase's median over the runs on its own: the run of median total
  # time can hold one slow phase (the ratio columns moved by a fifth).
  stages=$(awk -f bench/quotient/stages.awk "$dir/v")
  read_s=$(phase_median read "$runs")
  scc_s=$(phase_median scc "$runs")
  refine_s=$(phase_median refine "$runs")
  [ -n "$scc_s" ] || scc_s=0
}

# phase_median PHASE RUNS: the median of PHASE's time in $dir/v.1 ..
# $dir/v.RUNS, or nothing if the phase is absent.
phase_median() {
  local k
  for k in $(seq "$2"); do awk -v p="$1" '$2 == p {print $3}' "$dir/v.$k"; done | sort -n |
    awk '{v[NR] = $1} END {if (NR > 0) print v[int((NR + 1) / 2)]}'
}

# ratio_and_bytes EQ M: after measure, sets refine_ratio (refine / read:
# the issue's target), ratio ((scc + refine) / read: ours, stricter; both
# "-" for -e none or a timeout) and bytes (peak per input transition).
ratio_and_bytes() {
  ratio=- refine_ratio=- bytes=-
  [ "$secs" != timeout ] || return 0
  if [ "$1" != none ] && [ "$(calc 0 "($read_s > 0)")" = 1 ]; then
    refine_ratio=$(calc 2 "$refine_s / $read_s")
    ratio=$(calc 2 "($scc_s + $refine_s) / $read_s")
  fi
  bytes=$(per_transition "$peak_kib" "$2")
}

# header FILE: states and transitions from an .aut header.
header() { head -1 "$1" | sed 's/des *( *[0-9]* *, *\([0-9]*\) *, *\([0-9]*\).*/\2 \1/'; }
# Arithmetic with awk (always there), not bc.
calc() { awk "BEGIN { printf \"%.${1}f\", $2 }"; }
mib() { calc 1 "$1 / 1024"; }
per_transition() { calc 1 "$1 * 1024 / $2"; }

echo "command: bash bench/quotient/run.sh $*  (sizes: $sizes; families: $family_sizes; repeat: ${REPEAT:-1}; $(nproc) cores; $(date -u +%Y-%m-%d))"
echo
echo "1. Oracle files (tests/data/oracle): whole process"
printf '%-16s %9s %9s | %-13s %9s %9s %8s %9s\n' file states trans equivalence "q.states" "q.trans" "time s" "peak MiB"
for f in tests/data/oracle/*.aut; do
  read -r n m < <(header "$f")
  for e in strong branching divbranching; do
    measure "$f" "$e"
    printf '%-16s %9s %9s | %-13s %9s %9s %8s %9s\n' "$(basename "$f")" "$n" "$m" "$e" "$states_out" \
      "$transitions_out" "$secs" "$(mib "$peak_kib")"
  done
done

echo
echo "2. Random LTSs (make_aut --states m/5 --transitions m --labels 10 --tau 0.1; shape 'giant': --labels 7"
echo "   --tau 0.3, whose tau-steps form one giant tau-cycle, 'r10m' in docs/quotient.md at 10^7)"
echo "   ref/read = refine phase / read phase (target: at most 3 at 10^7); (scc+ref)/read counts the scc phase in"
echo "   too (stricter); B/trans = peak bytes per input transition (target: at most 100)"
printf '%10s %-6s %-13s %9s %9s %8s %9s %8s %8s %8s %8s %9s %15s  %s\n' transitions shape equivalence "q.states" \
  "q.trans" "time s" "peak MiB" "B/trans" "read s" "scc s" "refine s" "ref/read" "(scc+ref)/read" stages
for m in $sizes; do
  for shape in plain giant; do
    file="$dir/random_$m.aut"
    if [ "$shape" = plain ]; then
      "$build/bench/make_aut" --states $((m / 5)) --transitions "$m" --labels 10 --tau 0.1 > "$file"
    else
      "$build/bench/make_aut" --states $((m / 5)) --transitions "$m" --labels 7 --tau 0.3 > "$file"
    fi
    for e in none strong branching divbranching; do
      measure "$file" "$e"
      ratio_and_bytes "$e" "$m"
      printf '%10s %-6s %-13s %9s %9s %8s %9s %8s %8s %8s %8s %9s %15s  %s\n' "$m" "$shape" "$e" "$states_out" \
        "$transitions_out" "$secs" "$(mib "$peak_kib")" "$bytes" "$read_s" "$scc_s" "$refine_s" "$refine_ratio" "$ratio" \
        "$stages"
    done
    rm -f "$file"
  done
done

echo
echo "3. Families that make O(mn) refinement quadratic (bench/quotient/make_family)"
echo "   growth = (time / smallest time) / (m log m / smallest m log m): near 1 or below is m log n;"
echo "   ref/read as in 2"
printf '%-14s %10s %-10s %9s %8s %9s %8s %8s %8s %8s  %s\n' family transitions equivalence "q.states" "time s" \
  "peak MiB" "read s" "refine s" "ref/read" growth stages
for family in line tau-line lines ring tau-ring tau-ring-loops; do
  for e in strong branching; do
    base_t= base_m=
    for m in $family_sizes; do
      file="$dir/$family.aut"
      "$build/bench/quotient/make_family" "$family" "$m" --length 1000 > "$file"
      read -r n mm < <(header "$file")
      measure "$file" "$e"
      growth=-
      if [ "$secs" != timeout ]; then
        t=$(calc 3 "$scc_s + $refine_s")
        if [ -z "$base_t" ]; then base_t=$t base_m=$mm; fi
        growth=$(calc 2 "$base_t == 0 ? 0 : ($t / $base_t) / (($mm * log($mm)) / ($base_m * log($base_m)))")
      fi
      ratio_and_bytes "$e" "$mm"
      printf '%-14s %10s %-10s %9s %8s %9s %8s %8s %8s %8s  %s\n' "$family" "$mm" "$e" "$states_out" "$secs" \
        "$(mib "$peak_kib")" "$read_s" "$refine_s" "$refine_ratio" "$growth" "$stages"
      rm -f "$file"
    done
  done
done

echo
echo "4. full LTSs of gen (gen --no-reduce, the models in models/): bounded runs are acyclic but for tau-loops, 'forever' ones cyclic"
echo "   ratios as in 2; generation time not included"
printf '%-20s %10s %-13s %9s %8s %9s %8s %8s %8s %8s %9s %15s  %s\n' model transitions equivalence "q.states" \
  "time s" "peak MiB" "B/trans" "read s" "scc s" "refine s" "ref/read" "(scc+ref)/read" stages
gen_models="treiber_stack:3:2 rdcss:2:inf register:5:inf ms_queue:3:2"
[ "${1:-}" = "--quick" ] && gen_models="treiber_stack:3:2 rdcss:2:inf"
for spec in ${GEN_MODELS:-$gen_models}; do
  IFS=: read -r model threads ops <<< "$spec"
  file="$dir/gen.aut"
  "$build/tools/gen" "models/$model.conc" --threads "$threads" --ops "$ops" --no-reduce -o "$file"
  read -r n m < <(header "$file")
  for e in strong branching divbranching; do
    measure "$file" "$e"
    ratio_and_bytes "$e" "$m"
    printf '%-20s %10s %-13s %9s %8s %9s %8s %8s %8s %8s %9s %15s  %s\n' "$model ${threads}x$ops" "$m" "$e" \
      "$states_out" "$secs" "$(mib "$peak_kib")" "$bytes" "$read_s" "$scc_s" "$refine_s" "$refine_ratio" "$ratio" \
      "$stages"
  done
  rm -f "$file"
done
