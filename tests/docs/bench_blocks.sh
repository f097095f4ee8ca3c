#!/bin/bash
# The bench markers of the docs (tests/docs/bench_blocks.py) on the real
# pages, the checker against a page with stale markers (each must be
# reported), and bench/results.sh on a small page: the marked blocks are
# rewritten with the scripts' output, the prose is left as it was, and a
# failing command keeps its block.
set -u
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }
cd "$SRC" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

python3 tests/docs/bench_blocks.py "$SRC" README.md docs/*.md || bad "the pages' bench markers"

# Stale markers, one per kind of failure the checker must name.
cat >"$tmp/stale.md" <<'PAGE'
<!-- bench: gone: bash bench/no_such_script.sh -->
| a |
|---|

<!-- bench: opt: bash bench/table1.sh --quick --no-such-option -->
| a |
|---|

<!-- bench: row: bash bench/table1.sh --only 1,99 -->
| a |
|---|

<!-- bench: var: NO_SUCH_VAR=1 bash bench/figure4.sh -->
| a |
|---|

<!-- bench: arg: bash bench/table1.sh stray -->
| a |
|---|

<!-- bench: model: bash bench/symmetry.sh no_such_model:3:2 -->
| a |
|---|

<!-- bench: opt: bash bench/table1.sh -->
| a |
|---|

<!-- bench: noblock: bash bench/table1.sh -->
Prose, not a block.

<!-- bench: malformed bash bench/table1.sh -->

| id | case | K×N | route | states reduced | explored | states full | transitions | divbranching quotient | s | peak MB | next stopped by | the papers |
|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|

```
command: bash bench/refine/run.sh
```
PAGE
python3 tests/docs/bench_blocks.py "$SRC" "$tmp/stale.md" >"$tmp/stale.out"
[ $? = 1 ] || bad "bench_blocks.py passes a page with stale markers"
for want in "stale.md:1: no script bench/no_such_script.sh" \
            "stale.md:5: bench/table1.sh has no option --no-such-option" \
            "stale.md:9: --only 1,99: no row 99 in models/cases.csv" \
            "stale.md:13: bench/figure4.sh does not read NO_SUCH_VAR" \
            "stale.md:17: bench/table1.sh takes no argument 'stray'" \
            "stale.md:21: no_such_model:3:2: no model models/no_such_model.conc" \
            "stale.md:25: the name opt is used at line 5 too" \
            "stale.md:29: no table or fenced block after the marker noblock" \
            "stale.md:32: a marker is '<!-- bench: NAME: COMMAND -->'" \
            "stale.md:34: a block of a bench run without a marker" \
            "stale.md:37: a block of a bench run without a marker"; do
  grep -qF "$want" "$tmp/stale.out" || bad "bench_blocks.py does not report: $want"
done
[ "$(grep -c '^FAIL' "$tmp/stale.out")" = 11 ] || { bad "bench_blocks.py reports other failures:"; cat "$tmp/stale.out"; }

# bench/results.sh on a page of two small blocks and one that fails.
cat >"$tmp/page.md" <<'PAGE'
# A page

Prose before.

<!-- bench: t1: bash bench/table1.sh --quick --only 21,24 -->
| old | table |
|---|---|
| 1 | 2 |

Prose between.

<!-- bench: red: CONFIGS="2x1" bash bench/reduction.sh treiber_stack -->
```
old
```

<!-- bench: broken: bash bench/table1.sh --no-such-option -->
| kept |
|---|
| as it was |
Prose after.
PAGE
BIN=$BIN bash bench/results.sh --page "$tmp/page.md" 2>"$tmp/results.err"
[ $? = 1 ] || bad "results.sh does not exit 1 when a block is kept"
grep -q 'broken kept as it was' "$tmp/results.err" || bad "results.sh does not say which block it kept"
grep -v '^|' "$tmp/page.md" | grep -v '^treiber_stack\|^old$' >"$tmp/prose"
printf '%s\n' "# A page" "" "Prose before." "" "<!-- bench: t1: bash bench/table1.sh --quick --only 21,24 -->" "" \
  "Prose between." "" '<!-- bench: red: CONFIGS="2x1" bash bench/reduction.sh treiber_stack -->' '```' '```' "" \
  "<!-- bench: broken: bash bench/table1.sh --no-such-option -->" "Prose after." >"$tmp/prose.want"
diff "$tmp/prose.want" "$tmp/prose" || bad "results.sh changed the prose"
# Table 1's rows: the sizes table1.sh prints (digits grouped), the row's
# name and bounds from cases.csv, and its verdicts (those cases.csv expects).
bash bench/table1.sh --quick --only 21,24 2>/dev/null >"$tmp/t1.csv"
for want in "21|counter behind a test-and-set spin lock|true|**false**|✗ ✗ ✗ ✓ ✗ at inf" \
            "24|wait-free register|true|true|✓ ✓ ✓ ✓ ✓ at inf"; do
  IFS='|' read -r id name lin lf progress <<<"$want"
  IFS=, read -r _ states trans q _ < <(grep "^$id," "$tmp/t1.csv")
  row=$(grep "^| $id | " "$tmp/page.md" | sed 's/\([0-9]\) \([0-9]\)/\1\2/g')
  [ "${row%| *| *|}" = "| $id | $name | 2×2 | $states | $trans | $q | $lin | $lf | $progress " ] ||
    bad "Table 1's row $id is not the script's: $row"
done
grep -q '^| old | table |' "$tmp/page.md" && bad "the old Table 1 block is still there"
# shellcheck disable=SC2016  # a fence, not an expansion
[ "$(sed -n '/^```$/,/^```$/p' "$tmp/page.md" | grep -c '^| treiber_stack | 2x1 | ')" = 1 ] ||
  bad "the fenced block is not reduction.sh's table"
grep -q '^| as it was |' "$tmp/page.md" || bad "the failing command's block was not kept"
[ $fail = 0 ] && echo "bench markers and bench/results.sh: ok"
exit $fail
