#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang (ASan+UBSan) in
# build-fuzz/ and runs each for a bounded time from its seed corpus.
#   bash scripts/fuzz.sh                 every harness, 60 s each
#   bash scripts/fuzz.sh --seconds 300 explorer
# Fails on any crash, sanitizer report, leak, timeout or memory overrun;
# the input that caused it is left in build-fuzz/artifacts/HARNESS/.
# Needs clang and libFuzzer: bash scripts/install-deps.sh --fuzz
# FUZZ_FLAGS adds libFuzzer options, e.g. FUZZ_FLAGS=-rss_limit_mb=512.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    aut_reader|frontend|explorer) harnesses+=("$1"); shift ;;
    *) echo "usage: bash scripts/fuzz.sh [--seconds N] [aut_reader|frontend|explorer]..." >&2; exit 2 ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(aut_reader frontend explorer)

dir=build-fuzz
CXX=clang++ cmake -S . -B "$dir" -G Ninja -DBBTOOLS_FUZZ=ON -DCMAKE_BUILD_TYPE=Fuzz >/dev/null
cmake --build "$dir" -j "$(nproc)" --target "${harnesses[@]/#/fuzz_}"

# Seeds: the .aut test data, or the models and the front end's test models.
# Each run starts from them plus the corpus earlier runs grew in $dir/corpus.
seeds() {
  case "$1" in
    aut_reader) find tests/data -name '*.aut' ;;
    *) find models tests/frontend -name '*.conc' ;;
  esac
}
# Per input: at most 25 s and 1 GB. The explorer harness bounds its own work
# (tests/fuzz/README.md), so its slowest seed takes about a second.
limits=(-timeout=25 -rss_limit_mb=1024)

failed=0
for h in "${harnesses[@]}"; do
  corpus="$dir/corpus/$h" seed="$dir/seeds/$h" artifacts="$dir/artifacts/$h/" log="$dir/fuzz-$h.log"
  rm -rf "$seed" && mkdir -p "$corpus" "$seed" "$artifacts"
  seeds "$h" | while read -r f; do cp "$f" "$seed/$(echo "$f" | tr / _)"; done
  dict=tests/fuzz/conc.dict max_len=8192
  [ "$h" = aut_reader ] && dict=tests/fuzz/aut.dict max_len=16384
  status=0
  "$dir/tests/fuzz/fuzz_$h" "$corpus" "$seed" -max_total_time="$seconds" "${limits[@]}" \
    -max_len="$max_len" -dict="$dict" -artifact_prefix="$artifacts" \
    -print_final_stats=1 ${FUZZ_FLAGS:-} >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1 || true)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2 || true)
  if [ "$status" -eq 0 ]; then
    echo "fuzz $h: ok, ${runs:-?} inputs in ${seconds} s, coverage ${cov:-?} edges, corpus $(ls "$corpus" | wc -l) files"
  else
    failed=1
    reason=$(grep -m1 -oE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-zA-Z -]+|runtime error: .*|fuzz: property broken: .*' "$log" || echo "exit status $status")
    echo "fuzz $h: FAILED ($reason); input: $(ls -t "$artifacts" | head -1 | sed "s|^|$artifacts|"); log: $log"
  fi
done
exit "$failed"
