#!/bin/bash
# The docs run (tests/docs/check.py): every command README.md and docs/
# show runs, exits as the docs say, and prints the output they show; a
# block marked <!-- docs-test: skip: REASON --> is not run (a synopsis,
# minutes of benchmark). The tables and transcripts of bench/ runs
# (<!-- bench: ... -->, written by bench/results.sh) are not run here
# either: docs_bench_blocks checks their markers. Every page is checked,
# a new one without being listed.
set -u
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }
cd "$SRC" || exit 1
python3 tests/docs/check.py "$BIN" "$SRC" README.md docs/*.md
