# --memory-limit holds the memory a run uses (resident pages and swap), not
# the address space it reserves (tools/common/memory_watch.hpp), through
# tools::run_tool as every tool runs. memory_probe opens its -o result,
# reserves and touches memory, and writes the result last. A run that
# touches more than its budget stops at once with status 2, the message
# naming the limit, and no output or temporary file; one that reserves far
# more than its budget but touches little finishes. (AddressSanitizer
# builds set no limit: skipped there.)
. "$(dirname "$0")/lib.sh"
grep -qa __asan_init "$PROBE" && exit 77
mkdir "$work/o"
over_budget() {  # over_budget ARGS...: status 2, the message, nothing left
  expect_status 2 "$PROBE" "$@"
  grep -q "^memory_probe: error: out of memory: the run needs more than its memory limit of 64 MiB (--memory-limit); raise it with --memory-limit SIZE" "$work/err" ||
    fail "$*: $(cat "$work/err")"
  [ -z "$(ls -A "$work/o")" ] || fail "$*: left $(ls -A "$work/o")"
}
# Reserving 16 times the budget and touching a quarter of it is fine.
expect_status 0 "$PROBE" --memory-limit 64M --reserve 1G --touch 16M -o "$work/o/r"
[ "$(cat "$work/o/r" 2>/dev/null)" = "$(printf 'begun\ndone')" ] || fail "reserve 1G under 64M: no result"
rm -f "$work/o/r"
# Touching 4 times the budget stops the run long before its 20 s hold ends.
start=$(date +%s%N)
over_budget --memory-limit 64M --touch 256M --hold 20 -o "$work/o/t"
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
[ "$elapsed_ms" -lt 5000 ] || fail "the stop took $elapsed_ms ms"
# Touching an eighth more than the budget is enough. (Not less: the
# kernel's counts of resident pages run behind by up to a few hundred KiB,
# as much as the probe uses besides what it touches.)
over_budget --memory-limit 64M --touch 72M --hold 20 -o "$work/o/t"
# A runaway reservation meets the address-space backstop: std::bad_alloc,
# the same message. (1 TiB in mappings of 1 GiB, each of which the kernel
# would grant.)
over_budget --memory-limit 64M --reserve 1024G -o "$work/o/b"
# Once the result is in place the work is done: it is not taken back.
expect_status 0 "$PROBE" --memory-limit 64M --touch-after 256M --hold 0.5 -o "$work/o/a"
[ -s "$work/o/a" ] || fail "a committed result was removed"
finish
