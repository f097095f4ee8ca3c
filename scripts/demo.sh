#!/usr/bin/env bash
# Set-up and the main job on bundled case studies: installs Debian packages,
# builds, then runs gen | quotient | refines on
#   - the Michael-Scott lock-free queue: linearizable and lock-free;
#   - Shann et al.'s buggy queue: not linearizable, with its counterexample.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh --tools >/dev/null
bin=$PWD/build/tools
out=$PWD/build/demo
mkdir -p "$out"
cd "$out"
say() { printf '\n== %s\n' "$*"; }

say "MS queue, 2 threads x 2 operations: object system and its branching quotient"
"$bin/gen" ../../models/ms_queue.conc --threads 2 --ops 2 -o msq.aut
"$bin/quotient" -v msq.aut -o msq.q.aut 2>&1 | grep -E '^quotient: (input|output|reduction) '
"$bin/gen" ../../models/queue_spec.conc --object Queue --threads 2 --ops 2 | "$bin/quotient" - -o queue_spec.q.aut
say "refines msq.q.aut queue_spec.q.aut   (linearizability, Theorem 3.5)"
"$bin/refines" msq.q.aut queue_spec.q.aut
say "quotient -e divbranching msq.aut | refines --lockfree   (lock-freedom, Section 4)"
"$bin/quotient" -e divbranching msq.aut | "$bin/refines" --lockfree -

say "Buggy queue (Shann et al. 2000), 2 threads x 2 operations"
"$bin/gen" ../../models/buggy_queue.conc --object ShannQueue --threads 2 --ops 2 | "$bin/quotient" - -o buggy.q.aut
"$bin/gen" ../../models/buggy_queue.conc --object BoundedQueueSpec --threads 2 --ops 2 | "$bin/quotient" - -o buggy_spec.q.aut
status=0
"$bin/refines" --explain buggy.q.aut buggy_spec.q.aut --cex buggy.cex || status=$?
[ "$status" -eq 1 ] || { echo "demo: expected the buggy queue to be refuted (exit 1), got $status" >&2; exit 1; }
printf '\nAll files are in %s\n' "$out"
