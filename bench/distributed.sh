#!/usr/bin/env bash
# gen-mpi on 1, 2 and 4 ranks beside the single-process gen (--no-reduce,
# -j 1): wall time, successor-record bytes sent per state (summed over the
# ranks, over the LTS's states) and peak resident memory per rank (GNU
# time); then the default partial-order reduction (gen -j 1 beside gen-mpi,
# with the candidates asked about per state of the written LTS); then the
# quotient route (gen | quotient -e divbranching beside gen-mpi --quotient
# divbranching). Prints Markdown tables and the commands.
#   bash bench/distributed.sh [MODEL [GEN ARGS...]]   default: models/ms_queue.conc -t 3 -n 1
# On a 2-core machine 4 ranks oversubscribe the cores: read the times as
# the cost of the protocol, not as a speed-up.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$here/build/tools}
model=${1:-$here/models/ms_queue.conc}
shift || true
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(-t 3 -n 1)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# on_ranks NP TAG GEN-MPI-ARGS...: gen-mpi on NP ranks, its standard error
# in $work/TAG.err; sets $elapsed (wall seconds) and $mem (peak MiB per
# rank, "r0/r1/...").
on_ranks() {
  local np=$1 tag=$2 start end
  shift 2
  start=$(date +%s.%N)
  mpirun --oversubscribe -np "$np" sh -c \
    '/usr/bin/time -f %M -o "$0.mem.$OMPI_COMM_WORLD_RANK" "$@"' "$work/$tag" \
    "$bin/gen-mpi" "$@" 2>"$work/$tag.err"
  end=$(date +%s.%N)
  elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')
  mem=$(for r in $(seq 0 $((np - 1))); do echo $(( $(cat "$work/$tag.mem.$r") / 1024 )); done | paste -sd/)
}
# on_one TAG GEN-ARGS...: gen -j 1 -v into $work/TAG.aut; sets $one_time
# (gen's own seconds), $one_states and $one_mem (peak MiB).
on_one() {
  local tag=$1
  shift
  /usr/bin/time -f %M -o "$work/$tag.mem" "$bin/gen" "$@" -j 1 -v -o "$work/$tag.aut" 2>"$work/$tag.err"
  one_time=$(grep -o '[0-9.]* s (' "$work/$tag.err" | head -1 | cut -d' ' -f1)
  one_states=$(head -1 "$work/$tag.aut" | tr -d 'des()' | cut -d, -f3)
  one_mem=$(( $(cat "$work/$tag.mem") / 1024 ))
}
# sum_of WHAT TAG: the numbers before WHAT in $work/TAG.err, summed over the ranks.
sum_of() { grep -o "[0-9]* $1" "$work/$2.err" | awk '{s += $1} END {print s + 0}'; }

on_one gen "$model" "${args[@]}" --no-reduce
gen_time=$one_time states=$one_states gen_mem=$one_mem
echo "command: gen $(basename "$model") ${args[*]} --no-reduce -j 1; mpirun -np R gen-mpi ... --no-reduce -v"
echo "states: $states"
echo
echo "| route | ranks | time (s) | bytes sent per state | peak memory per rank (MiB) | same bytes as gen |"
echo "|---|---:|---:|---:|---|---|"
echo "| gen -j 1 | 1 | $gen_time | 0 | $gen_mem | - |"
for np in 1 2 4; do
  on_ranks "$np" "mpi$np" "$model" "${args[@]}" --no-reduce -v -o "$work/mpi$np.aut"
  sent=$(sum_of "bytes sent" "mpi$np")
  same=no; cmp -s "$work/gen.aut" "$work/mpi$np.aut" && same=yes
  awk -v np="$np" -v t="$elapsed" -v sent="$sent" -v n="$states" \
    -v mem="$mem" -v same="$same" 'BEGIN {printf "| gen-mpi | %d | %.2f | %.1f | %s | %s |\n", np, t, sent / n, mem, same}'
done

# The simulation of docs/scaling.md beside the measurement: partition_sim
# on gen's LTS, with the record size gen-mpi sent (bytes over records: the
# packed leaf words and 12 bytes of source, label and successor index)
# as its vector plus 8, predicts the cross share and the bytes per state
# that gen-mpi sent. Its owners hash the state id, gen-mpi's the state:
# both uniform, so the two agree up to sampling.
sim=${SIM:-$here/build/bench/scale/partition_sim}
if [ -x "$sim" ]; then
  transitions=$(head -1 "$work/gen.aut" | tr -d 'des()' | cut -d, -f2)
  echo
  echo "command: partition_sim gen.aut --ranks 2 4 --vector-bytes (gen-mpi's bytes per record - 8)"
  echo
  echo "| ranks | records sent | bytes per record | cross share measured | simulated | bytes sent per state measured | simulated |"
  echo "|---:|---:|---:|---:|---:|---:|---:|"
  for np in 2 4; do
    records=$(sum_of "records sent" "mpi$np")
    sent=$(sum_of "bytes sent" "mpi$np")
    per_record=$(awk -v b="$sent" -v r="$records" 'BEGIN {printf "%.1f", r ? b / r : 0}')
    row=$("$sim" "$work/gen.aut" --ranks "$np" --vector-bytes "$(awk -v p="$per_record" 'BEGIN {print p - 8}')" |
      grep "^| $np |")
    sim_cross=$(echo "$row" | cut -d'|' -f3 | tr -d ' ')
    sim_bytes=$(echo "$row" | cut -d'|' -f4 | tr -d ' ')
    awk -v np="$np" -v r="$records" -v p="$per_record" -v t="$transitions" -v sc="$sim_cross" -v b="$sent" \
      -v n="$states" -v sb="$sim_bytes" \
      'BEGIN {printf "| %d | %d | %s | %.4f | %s | %.1f | %s |\n", np, r, p, r / t, sc, b / n, sb}'
  done
else
  echo
  echo "(no $sim: cmake --build build --target bench_tools builds the simulation)"
fi
# The partial-order reduction: its query round (distributed/ample_queries.hpp).
on_one por "$model" "${args[@]}"
por_states=$one_states
echo
echo "command: gen $(basename "$model") ${args[*]} -j 1; mpirun -np R gen-mpi ... -v"
echo "states: $por_states"
echo
echo "| route | ranks | time (s) | bytes sent per state | candidates asked per state | peak memory per rank (MiB) | same bytes as gen |"
echo "|---|---:|---:|---:|---:|---|---|"
echo "| gen -j 1 | 1 | $one_time | 0 | 0 | $one_mem | - |"
for np in 1 2 4; do
  on_ranks "$np" "por$np" "$model" "${args[@]}" -v -o "$work/por$np.aut"
  sent=$(sum_of "bytes sent" "por$np")
  asked=$(sum_of "candidates asked" "por$np")
  same=no; cmp -s "$work/por.aut" "$work/por$np.aut" && same=yes
  awk -v np="$np" -v t="$elapsed" -v sent="$sent" -v asked="$asked" \
    -v n="$por_states" -v mem="$mem" -v same="$same" \
    'BEGIN {printf "| gen-mpi | %d | %.2f | %.1f | %.2f | %s | %s |\n", np, t, sent / n, asked / n, mem, same}'
done

# Generate and reduce: gen | quotient -e divbranching on one machine beside
# gen-mpi --quotient divbranching, where no rank holds the LTS whole.
start=$(date +%s.%N)
/usr/bin/time -f %M -o "$work/q.mem" "$bin/quotient" -e divbranching "$work/gen.aut" -o "$work/ref.q.aut"
end=$(date +%s.%N)
q_time=$(awk -v a="$start" -v b="$end" -v g="$gen_time" 'BEGIN {print b - a + g}')
echo
echo "command: gen ... --no-reduce -j 1 then quotient -e divbranching; mpirun -np R gen-mpi ... --no-reduce --quotient divbranching"
echo "quotient states: $(head -1 "$work/ref.q.aut" | tr -d 'des()' | cut -d, -f3)"
echo
echo "| route | ranks | time (s) | peak memory per rank (MiB) | same bytes as quotient |"
echo "|---|---:|---:|---|---|"
printf "| gen, then quotient | 1 | %.2f | %d, %d |  - |\n" "$q_time" $(( $(cat "$work/gen.mem") / 1024 )) $(( $(cat "$work/q.mem") / 1024 ))
for np in 1 2 4; do
  on_ranks "$np" "q$np" "$model" "${args[@]}" --no-reduce --quotient divbranching -o "$work/q$np.aut"
  same=no; cmp -s "$work/ref.q.aut" "$work/q$np.aut" && same=yes
  awk -v np="$np" -v t="$elapsed" -v mem="$mem" -v same="$same" \
    'BEGIN {printf "| gen-mpi --quotient | %d | %.2f | %s | %s |\n", np, t, mem, same}'
done
