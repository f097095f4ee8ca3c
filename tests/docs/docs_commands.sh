#!/bin/bash
# The docs run (tests/docs/check.py): every command README.md and docs/
# show runs, exits as the docs say, and prints the output they show.
# docs/results.md is left out: its examples name files the page does not
# make (hm_list_book.q.aut). A new page is checked without being listed.
set -u
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }
cd "$SRC" || exit 1
pages=(README.md)
for page in docs/*.md; do
  case "$page" in docs/results.md) ;; *) pages+=("$page") ;; esac
done
python3 tests/docs/check.py "$BIN" "$SRC" "${pages[@]}"
