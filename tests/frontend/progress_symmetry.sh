#!/bin/bash
# gen --progress, on the symmetric route and off it (docs/progress.md, "On
# an orbit LTS"): for every model of models/ that --symmetry accepts, at
# 2xinf, 3xinf, 2x2 and 3x1, `gen --progress all --symmetry` prints the
# same verdicts and exits as `gen --progress all`, which prints what
# `gen --thread-steps | refines --progress all` prints; every lasso of the
# symmetric route replays on the model (gen --thread-steps --replay), so it
# is a run of the object system. Configurations beyond 100,000 states on
# the plain route (300,000 with BB_LONG=1) are skipped. Then the refusals
# of --progress.
set -u
. "$(dirname "$0")/tool_lib.sh" gen refines
compared=0 lassos=0
verdicts() { sed -n '/^$/q;p' "$1" | sed 's|^[^:]*: ||'; }
for src in "$SRC"/models/*.conc; do
  model=$(basename "$src" .conc)
  for config in "2 inf" "3 inf" "2 2" "3 1"; do
    set -- $config
    args=(--threads "$1" --ops "$2")
    "$GEN" "$src" "${args[@]}" --max-states "$sweep_max_states" --progress all > "$tmp/p.txt" 2> "$tmp/p.err"
    rp=$?
    [ $rp = 2 ] && grep -q "more than $sweep_max_states states" "$tmp/p.err" && continue
    "$GEN" "$src" "${args[@]}" --max-states "$sweep_max_states" --symmetry --progress all --cex "$tmp/s.cex" > "$tmp/s.txt" \
      2> "$tmp/s.err"
    rs=$?
    grep -q -- "--symmetry needs a model" "$tmp/s.err" && break  # names a thread: refused at every size
    if [ $rp = 2 ]; then
      [ $rs = 2 ] || fail "$model $config: the plain route fails ($(head -1 "$tmp/p.err")), the symmetric one exits $rs"
      continue
    fi
    [ $rs = $rp ] || fail "$model $config: exit $rs with --symmetry, $rp without: $(cat "$tmp/s.err")"
    diff <(verdicts "$tmp/p.txt") <(verdicts "$tmp/s.txt") > /dev/null ||
      fail "$model $config: the verdicts differ with --symmetry:
$(cat "$tmp/p.txt")
---
$(cat "$tmp/s.txt")"
    "$GEN" "$src" "${args[@]}" --thread-steps -o "$tmp/t.aut" && "$REFINES" --progress all "$tmp/t.aut" > "$tmp/r.txt"
    diff <(verdicts "$tmp/r.txt" | sed 's|^[^ ]*t.aut: ||') <(verdicts "$tmp/p.txt" | sed "s|^[^ ]*$model.conc: ||") \
      > /dev/null || fail "$model $config: gen --progress and refines --progress differ"
    compared=$((compared + 1))
    [ $rs = 1 ] || continue
    for p in $(sed -n 's/^# lasso //p' "$tmp/s.cex"); do
      "$GEN" "$src" "${args[@]}" --thread-steps --replay "$tmp/s.cex" --replay-property "$p" > "$tmp/replay.txt" 2>&1 ||
        fail "$model $config: the $p lasso of --symmetry does not replay: $(cat "$tmp/replay.txt")"
      lassos=$((lassos + 1))
    done
  done
done
[ $compared -ge 40 ] || fail "only $compared configurations compared"
[ $lassos -ge 30 ] || fail "only $lassos lassos replayed"
echo "compared $compared configurations, replayed $lassos lassos"

# --explain: each failing property's lasso in one column per thread, on
# both routes (the ticket counter at 2xinf is not wait-free: thread 2 spins
# while thread 1 holds the earlier ticket, argued in the model).
for sym in "" --symmetry; do
  "$GEN" "$SRC/models/ticket_counter.conc" --threads 2 --ops inf $sym --progress wait-free --explain > "$tmp/e.txt"
  [ $? = 1 ] || fail "--explain $sym: exit status"
  grep -q '^  #  thread 1 *thread 2$' "$tmp/e.txt" || fail "--explain $sym: no thread columns: $(cat "$tmp/e.txt")"
  grep -q '^threads stepping in the cycle: {2}; calls pending for ever: call(1,inc)  call(2,inc)$' "$tmp/e.txt" ||
    fail "--explain $sym: cycle summary: $(cat "$tmp/e.txt")"
done
echo "--explain ok"

# Refusals: no LTS is written with --progress, no replay beside it, --cex
# and --explain only with it, an unknown property.
m="$SRC/models/treiber_bounded.conc"
gen_refuses "-o beside --progress" "writes no LTS" "$m" --ops inf --progress all -o "$tmp/x.aut"
[ ! -e "$tmp/x.aut" ] || fail "-o beside --progress: the file was written"
gen_refuses "--replay beside --progress" "give one of them" "$m" --ops inf --progress all --replay "$tmp/s.cex"
gen_refuses "--cex without --progress" "requires --progress" "$m" --ops inf --cex "$tmp/c.cex"
gen_refuses "--explain without --progress" "requires --progress" "$m" --ops inf --explain
gen_refuses "an unknown property" "fast-free" "$m" --ops inf --progress fast-free --symmetry
# An empty list asks for something: it is no request to write the LTS.
gen_refuses "an empty --progress" "--progress is given an empty value" "$m" --ops inf --progress ""
gen_refuses "'all' in a list" "'all' stands alone" "$m" --ops inf --progress all,lock-free
gen_refuses "--cex naming the model" "would replace the input" "$m" --ops inf --progress all --cex "$m"
echo "refusals ok"
