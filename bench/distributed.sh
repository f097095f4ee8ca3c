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

/usr/bin/time -f %M -o "$work/gen.mem" "$bin/gen" "$model" "${args[@]}" --no-reduce -j 1 -v -o "$work/gen.aut" \
  2>"$work/gen.err"
gen_time=$(grep -o '[0-9.]* s (' "$work/gen.err" | head -1 | cut -d' ' -f1)
states=$(head -1 "$work/gen.aut" | tr -d 'des()' | cut -d, -f3)
echo "command: gen $(basename "$model") ${args[*]} --no-reduce -j 1; mpirun -np R gen-mpi ... --no-reduce -v"
echo "states: $states"
echo
echo "| route | ranks | time (s) | bytes sent per state | peak memory per rank (MiB) | same bytes as gen |"
echo "|---|---:|---:|---:|---|---|"
echo "| gen -j 1 | 1 | $gen_time | 0 | $(( $(cat "$work/gen.mem") / 1024 )) | - |"
for np in 1 2 4; do
  start=$(date +%s.%N)
  mpirun --oversubscribe -np "$np" sh -c \
    '/usr/bin/time -f %M -o "$0/mem.$OMPI_COMM_WORLD_RANK" "$@"' "$work" \
    "$bin/gen-mpi" "$model" "${args[@]}" --no-reduce -v -o "$work/mpi$np.aut" 2>"$work/mpi$np.err"
  end=$(date +%s.%N)
  sent=$(grep -o '[0-9]* bytes sent' "$work/mpi$np.err" | awk '{s += $1} END {print s + 0}')
  mem=$(for r in $(seq 0 $((np - 1))); do echo $(( $(cat "$work/mem.$r") / 1024 )); done | paste -sd/)
  same=no; cmp -s "$work/gen.aut" "$work/mpi$np.aut" && same=yes
  awk -v np="$np" -v t="$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')" -v sent="$sent" -v n="$states" \
    -v mem="$mem" -v same="$same" 'BEGIN {printf "| gen-mpi | %d | %.2f | %.1f | %s | %s |\n", np, t, sent / n, mem, same}'
done

# The partial-order reduction: its query round (distributed/ample_queries.hpp).
/usr/bin/time -f %M -o "$work/por.mem" "$bin/gen" "$model" "${args[@]}" -j 1 -v -o "$work/por.aut" 2>"$work/por.err"
por_time=$(grep -o '[0-9.]* s (' "$work/por.err" | head -1 | cut -d' ' -f1)
por_states=$(head -1 "$work/por.aut" | tr -d 'des()' | cut -d, -f3)
echo
echo "command: gen $(basename "$model") ${args[*]} -j 1; mpirun -np R gen-mpi ... -v"
echo "states: $por_states"
echo
echo "| route | ranks | time (s) | bytes sent per state | candidates asked per state | peak memory per rank (MiB) | same bytes as gen |"
echo "|---|---:|---:|---:|---:|---|---|"
echo "| gen -j 1 | 1 | $por_time | 0 | 0 | $(( $(cat "$work/por.mem") / 1024 )) | - |"
for np in 1 2 4; do
  start=$(date +%s.%N)
  mpirun --oversubscribe -np "$np" sh -c \
    '/usr/bin/time -f %M -o "$0/pmem.$OMPI_COMM_WORLD_RANK" "$@"' "$work" \
    "$bin/gen-mpi" "$model" "${args[@]}" -v -o "$work/por$np.aut" 2>"$work/por$np.err"
  end=$(date +%s.%N)
  sent=$(grep -o '[0-9]* bytes sent' "$work/por$np.err" | awk '{s += $1} END {print s + 0}')
  asked=$(grep -o '[0-9]* candidates asked' "$work/por$np.err" | awk '{s += $1} END {print s + 0}')
  mem=$(for r in $(seq 0 $((np - 1))); do echo $(( $(cat "$work/pmem.$r") / 1024 )); done | paste -sd/)
  same=no; cmp -s "$work/por.aut" "$work/por$np.aut" && same=yes
  awk -v np="$np" -v t="$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')" -v sent="$sent" -v asked="$asked" \
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
  start=$(date +%s.%N)
  mpirun --oversubscribe -np "$np" sh -c \
    '/usr/bin/time -f %M -o "$0/qmem.$OMPI_COMM_WORLD_RANK" "$@"' "$work" \
    "$bin/gen-mpi" "$model" "${args[@]}" --no-reduce --quotient divbranching -o "$work/q$np.aut" 2>"$work/q$np.err"
  end=$(date +%s.%N)
  mem=$(for r in $(seq 0 $((np - 1))); do echo $(( $(cat "$work/qmem.$r") / 1024 )); done | paste -sd/)
  same=no; cmp -s "$work/ref.q.aut" "$work/q$np.aut" && same=yes
  awk -v np="$np" -v t="$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')" -v mem="$mem" -v same="$same" \
    'BEGIN {printf "| gen-mpi --quotient | %d | %.2f | %s | %s |\n", np, t, mem, same}'
done
