#!/bin/bash
# The single-step merge across ranks (distributed/tau_merge.hpp) against
# gen's sequential merge on seeded random LTSs (tau_merge_check.cpp), at
# R = 1 to 4 and 5 (oversubscribed), each run bounded by lib.sh's timeout.
set -u
. "$(dirname "$0")/lib.sh"
probe=$1
for np in 1 2 3 4 5; do
  cases=1000; [ "$np" -ge 4 ] && cases=500
  mpi "$np" "$probe" "$cases" > "$work/out" 2>&1
  rc=$?
  if [ "$rc" = 124 ]; then fail "R=$np: the merge did not end"; continue; fi
  [ "$rc" = 0 ] || fail "R=$np: exit $rc: $(head -5 "$work/out")"
done
finish
