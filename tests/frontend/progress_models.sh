#!/bin/bash
# The hand-made progress models of models/ (verdicts argued in their
# comments), at the number of threads in the table: linearizability at 2
# operations per thread (gen | quotient against gen --spec), and at
# operations forever with thread-attributed steps, lock-freedom through the
# divergence-sensitive quotient with every step(T) hidden (quotient
# --tau=step -e divbranching | refines --lockfree) and all five properties
# with refines --progress on both routes (--progress-on input, each check
# on its own quotient). Then each model sized for fewer threads refuses one
# more, the seqlock's wrapping counter shows at 4 operations, the
# self-linked MS queue loses an item if the link is null, and the
# self-linked DGLM queue is not lock-free if the link comes too early.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines
verdict() { case $1 in 0) echo true ;; 1) echo false ;; *) echo "error($1)" ;; esac; }

# model threads: linearizable lock-free wait-free obstruction-free deadlock-free starvation-free
while read -r model k lin lf wf of df sf; do
  src="$SRC/models/$model.conc"
  "$BIN/gen" "$src" --threads "$k" --ops 2 | "$BIN/quotient" - -o "$tmp/$model.q.aut" || fail "gen $model"
  "$BIN/gen" "$src" --threads "$k" --ops 2 --spec | "$BIN/quotient" - -o "$tmp/$model.s.aut" || fail "gen --spec $model"
  "$BIN/refines" "$tmp/$model.q.aut" "$tmp/$model.s.aut" > /dev/null
  got=$(verdict $?)
  [ "$got" = "$lin" ] || fail "$model: linearizable is $got, expected $lin"
  "$BIN/gen" "$src" --threads "$k" --ops inf --thread-steps -o "$tmp/$model.aut" || fail "gen $model"
  "$BIN/quotient" --tau=step -e divbranching "$tmp/$model.aut" -o "$tmp/$model.dq.aut" || fail "quotient $model"
  "$BIN/refines" --lockfree "$tmp/$model.dq.aut" > /dev/null
  got=$(verdict $?)
  [ "$got" = "$lf" ] || fail "$model: lock-free by the divbranching quotient is $got, expected $lf"
  set -- "$lf" "$wf" "$of" "$df" "$sf"
  for p in lock-free wait-free obstruction-free deadlock-free starvation-free; do
    for on in input quotients; do
      "$BIN/refines" --progress "$p" --progress-on $on "$tmp/$model.aut" > /dev/null
      got=$(verdict $?)
      [ "$got" = "$1" ] || fail "$model: refines --progress $p --progress-on $on says $got, expected $1"
    done
    shift
  done
done <<'TABLE'
tas_counter        2  true   false  false  false  true   false
ticket_counter     2  true   false  false  false  true   true
peterson_counter   2  true   false  false  false  true   true
peterson_last_wins 2  false  false  false  false  true   false
filter_counter     3  true   false  false  false  true   true
fast_mutex_counter 3  true   false  false  false  true   false
seqlock_register   2  true   false  false  false  true   false
livelock_counter   2  true   false  false  true   false  false
wf_register        2  true   true   true   true   true   true
deadlock           2  true   false  false  false  false  false
treiber_bounded    2  true   true   false  true   true   false
vy_set_fig2        2  true   false  false  false  true   false
TABLE
# A model sized for fewer threads refuses one more with a located error
# (exit 2, FILE:LINE:COL), never a quotient of a different object: the
# ticket lock's tickets modulo 3 would collide at 4 threads, the fast
# mutex stores thread ids 1..4 (their init blocks assert), the others'
# ranges stop them.
while read -r model k; do
  "$BIN/gen" "$SRC/models/$model.conc" --threads "$k" --ops 1 -o "$tmp/over.aut" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] || fail "$model at $k threads: exit $rc, expected 2"
  grep -q "^$SRC/models/$model.conc:[0-9]*:[0-9]*: error:" "$tmp/err" || fail "$model at $k threads: $(cat "$tmp/err")"
  [ ! -e "$tmp/over.aut" ] || fail "$model at $k threads: output written"
done <<'TABLE'
ticket_counter     4
peterson_counter   3
fast_mutex_counter 5
filter_counter     5
livelock_counter   3
TABLE
# The seqlock's counter is kept modulo 8: a read that overlaps four writes
# (the writer at 4 operations) returns a value never written.
src="$SRC/models/seqlock_register.conc"
"$BIN/gen" "$src" --threads 2 --ops 4 | "$BIN/quotient" - -o "$tmp/sl.q.aut" || fail "gen seqlock"
"$BIN/gen" "$src" --threads 2 --ops 4 --spec | "$BIN/quotient" - -o "$tmp/sl.s.aut" || fail "gen --spec seqlock"
"$BIN/refines" "$tmp/sl.q.aut" "$tmp/sl.s.aut" > "$tmp/sl.out"
rc=$?
[ $rc = 1 ] || fail "seqlock at 4 operations: refines exit $rc, expected 1 (not linearizable)"
grep -q "ret(2,read," "$tmp/sl.out" || fail "seqlock at 4 operations: the refused action is not a read: $(cat "$tmp/sl.out")"
# The self-linked MS queue (row 28 of models/cases.csv) links a dequeued
# node to itself, not to null: with null, an enq that read the old dummy as
# Tail before the dequeue finds its next null, and its cas(t.next, null, n)
# links the new node after the dequeued dummy, where no deq finds it: a deq
# returns `empty` after an enq returned ok (7 actions at 2 x 2).
sed 's/h\.next := h;/h.next := null;/' "$SRC/models/ms_queue_selflink.conc" >"$tmp/nulled.conc"
grep -q "h.next := null;" "$tmp/nulled.conc" || fail "the self-link of models/ms_queue_selflink.conc is gone"
"$BIN/gen" "$tmp/nulled.conc" --threads 2 --ops 2 | "$BIN/quotient" - -o "$tmp/nl.q.aut" || fail "gen nulled queue"
"$BIN/gen" "$SRC/models/ms_queue_bounded.conc" --object BoundedQueue --spec --threads 2 --ops 2 |
  "$BIN/quotient" - -o "$tmp/nl.s.aut" || fail "gen --spec BoundedQueue"
"$BIN/refines" "$tmp/nl.q.aut" "$tmp/nl.s.aut" > "$tmp/nl.out"
rc=$?
[ $rc = 1 ] || fail "the queue with h.next := null: refines exit $rc, expected 1 (not linearizable)"
grep -q "ret([12],deq,empty)  <-" "$tmp/nl.out" || fail "the queue with h.next := null: not a lost item: $(cat "$tmp/nl.out")"
# The self-linked DGLM queue (row 29) links the removed dummy to itself only
# after Tail has left it (D9-D11). Linked before, it can stay Tail while
# self-linked: thread 2's enq links a node after the dummy and stops before
# swinging Tail, thread 1's deq removes the dummy, links it to itself and
# stops before D11, and thread 3's enq reads next = t = Tail and retries for
# ever: a cycle of internal steps at 3 threads x 1 operation.
src="$SRC/models/dglm_queue_selflink.conc"
awk '/h\.next := h;/ { next } /t := Tail; +\/\/ D9/ { print "        h.next := h;" } { print }' "$src" >"$tmp/early.conc"
[ "$(grep -c "h.next := h;" "$tmp/early.conc")" = 1 ] && ! cmp -s "$src" "$tmp/early.conc" ||
  fail "models/dglm_queue_selflink.conc: the self-link or D9 is not where this test expects it"
for m in "$src" "$tmp/early.conc"; do
  "$BIN/gen" "$m" --threads 3 --ops 1 | "$BIN/quotient" -e divbranching - -o "$tmp/early.dq.aut" || fail "gen $m"
  "$BIN/refines" --lockfree "$tmp/early.dq.aut" > /dev/null
  echo $? >>"$tmp/early.rc"
done
[ "$(tr '\n' ' ' <"$tmp/early.rc")" = "0 1 " ] ||
  fail "DGLM self-link at 3x1: lock-free exit statuses $(tr '\n' ' ' <"$tmp/early.rc"), expected 0 (as is) 1 (linked early)"

echo PASS
