#!/bin/bash
# A rank that fails while the ranks read a file in parts ends the read on
# every rank, with no rank left waiting in a collective read
# (distributed/mpi_line_range.hpp): line_range_failure.cpp at 2, 3 and 4
# ranks, each run bounded by lib.sh's timeout.
set -u
. "$(dirname "$0")/lib.sh"
probe=$1
for np in 2 3 4; do
  mpi "$np" "$probe" "$work/lines.txt" > "$work/out" 2>&1
  rc=$?
  if [ "$rc" = 124 ]; then fail "R=$np: a rank waited for ever after rank 1 failed"; continue; fi
  [ "$rc" = 0 ] || fail "R=$np: exit $rc: $(cat "$work/out")"
done
finish
