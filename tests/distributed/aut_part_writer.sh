#!/bin/bash
# distributed::write_aut_parts against the single-process writer on random
# LTSs (aut_part_writer_check.cpp) at R = 1 to 5, each run bounded by
# lib.sh's timeout: a rank left waiting in a collective is a failure too.
set -u
. "$(dirname "$0")/lib.sh"
probe=$1
for np in 1 2 3 4 5; do
  mkdir -p "$work/r$np"
  mpi "$np" "$probe" "$work/r$np" > "$work/out" 2>&1
  rc=$?
  if [ "$rc" = 124 ]; then fail "R=$np: the ranks hung"; continue; fi
  [ "$rc" = 0 ] || fail "R=$np: exit $rc: $(head -5 "$work/out")"
done
finish
