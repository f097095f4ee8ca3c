#!/usr/bin/env bash
# The full check, after scripts/test.sh (CI runs both, .ci/run). Two tiers:
#   bash scripts/full-check.sh           CI's tier:
#     1. one clang build with ASan+UBSan and libFuzzer's instrumentation
#        (build-fuzz/): the unit tests of every library and the tool tests
#        without the label `slow`, with fewer random rounds;
#     2. Table 1's verdicts at one more operation per row (the Release
#        build, tests/e2e/e2e.sh with E2E_LARGER=1), beside
#     3. every fuzz harness for 30 s (scripts/fuzz.sh).
#   bash scripts/full-check.sh --long    also the whole suite under ASan+UBSan
#        (gcc, build-sanitize/, 250 seeds per random comparison, the model
#        sweeps to 300,000 states: BB_LONG=1) and 300 s of fuzzing per
#        harness.
#   --seconds N sets the fuzzing time per harness of either tier.
# Non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
long=0 seconds=30
while [ $# -gt 0 ]; do
  case "$1" in
    --long) long=1; seconds=300; shift ;;
    --seconds) seconds="$2"; shift 2 ;;
    *) echo "usage: bash scripts/full-check.sh [--long] [--seconds N]" >&2; exit 2 ;;
  esac
done
phase() { echo "full-check: $1 ($(date +%T))"; }

bash scripts/install-deps.sh --fuzz
bash scripts/build.sh
phase "the suite under ASan+UBSan (clang, build-fuzz/)"
dir=build-fuzz
# Both compilers clang: the MPI probe enables C, and a gcc C beside clang
# C++ leaves the precompiled header without a rule.
CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DBBTOOLS_FUZZ=ON -DCMAKE_BUILD_TYPE=Fuzz >/dev/null
cmake --build "$dir" -j "$(nproc)"
# A memory error shows on any seed; the rounds find the rare ones in Release.
# Fixed-size comparisons that take minutes under ASan and run code the
# other tests run too: the Release suite and --long run them.
long_under_asan='TableOneObjectsAgreeWithTheDefinition|InterleavedCopiesSameAsPartitionRefinementAndReference'
long_under_asan+='|TwoThreadsOnCopiesAgreeWithTheDefinition|LargeLtsSameAsPaigeTarjanAndReference'
# Tests that run none of our C++ beyond what the others run: the layering
# greps and the docs' bench blocks (bench scripts over the Release tools' output).
long_under_asan+='|^frontend_layers$|^refine_layers$|^docs_bench_blocks$'
# The explorer's long-step reports: millions of units of work on purpose,
# a minute under ASan, in code the other explorer tests run.
long_under_asan+='|^Explorer[.]ALong|^Explorer[.]MaxWork(Above|Bounds)|^Explorer[.]TheSearchForARunToAFaultReportsALongStep$'
[ "$long" = 1 ] && long_under_asan='^$'  # --long: the gcc sanitizer run below has them anyway
BB_RANDOM_ROUNDS=20 BB_REDUCE_ROUNDS=20 BB_PROGRESS_ROUNDS=20 BB_LTL_ROUNDS=100 \
  ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" -LE 'slow|e2e' -E "$long_under_asan"

if [ "$long" = 1 ]; then
  phase "the whole suite under ASan+UBSan (gcc, build-sanitize/)"
  # BB_LONG=1: the model sweeps to 300,000 states instead of 100,000.
  BB_LONG=1 bash scripts/test.sh --sanitize
fi
# Table 1's larger run and the fuzzing each keep one core busy: side by side.
phase "Table 1 at one more operation per row, beside fuzzing for $seconds s per harness"
E2E_LARGER=1 BIN="$PWD/build/tools" SRC="$PWD" bash tests/e2e/e2e.sh >build/e2e-larger.txt 2>&1 &
table1=$!
fuzz_status=0
bash scripts/fuzz.sh --seconds "$seconds" || fuzz_status=$?
if ! wait "$table1"; then
  cat build/e2e-larger.txt
  echo "full-check: Table 1 at one more operation per row failed" >&2
  exit 1
fi
tail -1 build/e2e-larger.txt
[ "$fuzz_status" = 0 ] || { echo "full-check: fuzzing failed" >&2; exit 1; }
phase "done"
