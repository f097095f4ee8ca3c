# Running out of memory ends in a clean error, never the kernel's
# out-of-memory killer: every tool runs under an address-space limit
# (--memory-limit SIZE, default half of physical memory), and exceeding it
# exits 2 with a message naming the limit and how to raise it, leaving no
# output file. (AddressSanitizer builds set no limit: skipped there.)
. "$(dirname "$0")/lib.sh"
grep -qa __asan_init "$BIN/gen" && exit 77
model="$SRC/models/treiber_stack.conc"
# Sizes: positive, with K/M/G/T, not below 32M, no overflow.
printf 'des (0,1,2)\n(0,a,1)\n' > "$work/small.aut"
for bad in 0 0M -1 -5G 12X "" 1.5G 1K 31M 99999999999999999999 17179869184G; do
  for run in "gen $model" "quotient $work/small.aut" "refines $work/small.aut $work/small.aut"; do
    expect_status 2 $BIN/$run --memory-limit "$bad"
    grep -q -- "error: --memory-limit" "$work/err" || fail "$run --memory-limit '$bad': $(cat "$work/err")"
    [ ! -s "$work/out" ] || fail "$run --memory-limit '$bad' wrote to stdout"
  done
done
for good in 32M 33554432 1g 2GiB 1T; do
  expect_status 0 "$BIN/quotient" --memory-limit "$good" "$work/small.aut"
done
limited() {  # limited TOOL ARGS...: status 2, the message, nothing written
  expect_status 2 "$@"
  grep -q "^$(basename "$1"): error: out of memory: the run needs more than its memory limit of .* (--memory-limit); raise it with --memory-limit SIZE" "$work/err" ||
    fail "$*: $(cat "$work/err")"
  [ ! -s "$work/out" ] || fail "$*: wrote to stdout"
  [ -z "$(ls -A "$work/o")" ] || fail "$*: left $(ls -A "$work/o")"
}
mkdir "$work/o"
# gen: 3 threads, 3 operations need about 900 MB resident.
limited "$BIN/gen" "$model" -t 3 -n 3 --memory-limit 64M -o "$work/o/m.aut"
# quotient: 2*10^6 transitions take 41 MB resident (so more address space).
awk 'BEGIN { n = 1000000; print "des (0," 2 * n "," n ")"
             for (i = 0; i < n; i++) { print "(" i ",a," (i + 1) % n ")"; print "(" i ",i," (i * 7 + 3) % n ")" } }' \
  > "$work/big.aut"
limited "$BIN/quotient" "$work/big.aut" --memory-limit 32M -o "$work/o/q.aut" --map "$work/o/q.map"
expect_status 0 "$BIN/quotient" "$work/big.aut" --memory-limit 1G -o "$work/o/q.aut"
rm -f "$work/o/q.aut" "$work/o/q.map"
# refines: the plain subset construction of 2^18 subsets, 83 MB resident
# (with antichains one subset: SPEC's state 0 alone follows the universal IMPL).
n=18
{ echo "des (0,$((2 * n + 3)),$((n + 2)))"; echo "(0,a,0)"; echo "(0,b,0)"; echo "(0,a,1)"
  for i in $(seq 1 $n); do echo "($i,a,$((i + 1)))"; echo "($i,b,$((i + 1)))"; done; } > "$work/spec.aut"
printf 'des (0,2,1)\n(0,a,0)\n(0,b,0)\n' > "$work/univ.aut"
limited "$BIN/refines" --no-antichains "$work/univ.aut" "$work/spec.aut" --memory-limit 48M --cex "$work/o/cex"
expect_status 0 "$BIN/refines" "$work/univ.aut" "$work/spec.aut" --memory-limit 48M
# A pipe's header is trusted for room up to 3 GiB of address space; under a
# smaller limit the reader falls back to growing, and the error is the file's.
printf 'des (0,100000000,2)\n(0,a,1)\n' | "$BIN/quotient" - --memory-limit 64M > "$work/out" 2> "$work/err"
[ "$(cat "$work/err")" = "<stdin>:3:1: error: the header declares 100000000 transitions but the file has 1" ] ||
  fail "huge header through a pipe under 64M: $(cat "$work/err")"
# A lower 'ulimit -v' stays in force, and the message says so.
(ulimit -v 200000 && "$BIN/gen" "$model" -t 3 -n 3 > /dev/null 2> "$work/err")
[ $? -eq 2 ] || fail "gen under ulimit -v 200000 did not exit 2"
grep -q "memory limit of 195 MiB (set by 'ulimit -v')" "$work/err" || fail "ulimit -v: $(cat "$work/err")"
finish
