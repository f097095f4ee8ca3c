#!/bin/bash
# The docs run (tests/docs/check.py): every command README.md and docs/
# show runs, exits as the docs say, and prints the output they show.
# docs/refines.md and docs/results.md are not in the list: their examples
# name files the page does not make (impl.conc, hm_list_book.q.aut) and
# transcripts of bench/ runs.
set -u
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }
cd "$SRC" || exit 1
python3 tests/docs/check.py "$BIN" "$SRC" README.md docs/architecture.md docs/language.md docs/ltl.md \
  docs/memory-models.md docs/progress.md docs/quotient.md docs/reduction.md docs/replay.md docs/scaling.md \
  docs/state-storage.md
