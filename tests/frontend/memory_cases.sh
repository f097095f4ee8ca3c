#!/bin/bash
# Case studies under weak memory (docs/memory-models.md, "Case studies"):
# each model's verdict under sc, tso and pso against its specification,
# with and without its fences. The verdicts are argued in the models' header
# comments. `gen | quotient | refines` exits 0 when linearizable, 1 when not.
set -u
. "$(dirname "$0")/tool_lib.sh" gen quotient refines
D="$SRC/models"

# verdict EXPECTED-EXIT SPEC MODEL OBJECT OPTIONS...
verdict() {
  local want=$1 spec=$2 model=$3 object=$4; shift 4
  "$GEN" "$model" --object "$object" "$@" 2>/dev/null | "$QUOTIENT" - | "$REFINES" - "$spec" > "$tmp/verdict"
  local rc=("${PIPESTATUS[@]}")
  [ "${rc[0]}" = 0 ] || fail "gen $model --object $object $*: exit ${rc[0]}"
  [ "${rc[2]}" = "$want" ] ||
    fail "gen $model --object $object $*: refines exit ${rc[2]}, expected $want ($(head -1 "$tmp/verdict"))"
}
# cases MODEL "SPEC-OPTIONS" "GEN-OPTIONS" "BUFFER-OPTION" OBJECT SC TSO PSO [OBJECT SC TSO PSO...]
# SPEC-OPTIONS choose the specification: "--object S" (a spec object of the
# file) or "--spec" (the file's first object run atomically).
cases() {
  local model="$D/$1" specopts=$2 opts=$3 buf=$4; shift 4
  # shellcheck disable=SC2086
  "$GEN" "$model" $specopts $opts -o "$tmp/spec.aut" || fail "spec $model $specopts $opts"
  while [ $# -gt 0 ]; do
    # shellcheck disable=SC2086
    verdict "$2" "$tmp/spec.aut" "$model" "$1" $opts
    # shellcheck disable=SC2086
    verdict "$3" "$tmp/spec.aut" "$model" "$1" $opts --memory tso $buf
    # shellcheck disable=SC2086
    verdict "$4" "$tmp/spec.aut" "$model" "$1" $opts --memory pso $buf
    shift 4
  done
}

# Chase-Lev: the fence in take repairs tso; pso also reorders push's stores.
cases chase_lev_deque.conc "--object ChaseLevSpec" "--ops 3" "--buffer 6" \
  ChaseLev 0 1 1  ChaseLevFenced 0 0 1
# Under sc a fence compiles to nothing.
cmp -s <("$GEN" "$D/chase_lev_deque.conc" --object ChaseLev --ops 3) \
       <("$GEN" "$D/chase_lev_deque.conc" --object ChaseLevFenced --ops 3) || fail "the fence changes the sc LTS"

# The THE deque of Cilk-5: the fence in the worker's pop is needed on tso
# and not enough; the thief's steal needs one too, and pso one in push.
cases the_deque.conc "--object TheSpec" "--ops 2" "--buffer 4" \
  The 0 1 1  TheFenced 0 1 1  TheFencedBoth 0 0 1  TheFencedPso 0 0 0
for o in TheFenced TheFencedBoth TheFencedPso; do
  cmp -s <("$GEN" "$D/the_deque.conc" --object The --ops 2) <("$GEN" "$D/the_deque.conc" --object $o --ops 2) ||
    fail "the fences of $o change the sc LTS"
done

# Dekker's lock: fences after the raised flags repair tso; pso needs one
# before the release too. At one operation per thread the fence after the
# first raised flag is enough on tso, at two it is not.
cases dekker_counter.conc "--spec" "" "--buffer 6" \
  Dekker 0 1 1  DekkerFenced 0 0 1  DekkerFencedPso 0 0 0  DekkerFencedFirst 0 0 1
cases dekker_counter.conc "--spec" "--ops 2" "--buffer 6" \
  DekkerFenced 0 0 1  DekkerFencedPso 0 0 0  DekkerFencedFirst 0 1 1

# Peterson's lock: one fence on tso, three on pso (models/peterson_fenced.conc;
# tests/frontend/gen_memory.sh checks the same at one operation per thread).
"$GEN" "$D/peterson_counter.conc" --spec --ops 2 -o "$tmp/peterson_spec.aut" || fail "Peterson spec"
verdict 1 "$tmp/peterson_spec.aut" "$D/peterson_counter.conc" PetersonCounter --ops 2 --memory tso --buffer 8
for o in PetersonFenced:0:0:1 PetersonFencedPso:0:0:0; do
  IFS=: read -r obj sc tso pso <<< "$o"
  verdict "$sc" "$tmp/peterson_spec.aut" "$D/peterson_fenced.conc" "$obj" --ops 2
  verdict "$tso" "$tmp/peterson_spec.aut" "$D/peterson_fenced.conc" "$obj" --ops 2 --memory tso --buffer 4
  verdict "$pso" "$tmp/peterson_spec.aut" "$D/peterson_fenced.conc" "$obj" --ops 2 --memory pso --buffer 4
  cmp -s <("$GEN" "$D/peterson_counter.conc" --ops 2) <("$GEN" "$D/peterson_fenced.conc" --object "$obj" --ops 2) ||
    fail "the fences of $obj change the sc LTS"
done

# Lamport's fast mutex: two fences on tso (after the stores of x and y),
# four on pso (also after c and after the exit's y := 0).
cases fast_mutex_counter.conc "--spec" "" "--buffer 10" FastMutexCounter 0 1 1
cases fast_mutex_counter.conc "--spec" "--ops 2" "--buffer 6" \
  FastMutexCounterFenced 0 0 1  FastMutexCounterFencedPso 0 0 0

# The fenced locks at 2 threads and any number of operations (--ops inf:
# the counters are modulo 2, so the state spaces are finite).
for o in dekker_counter:DekkerFenced:0:1 dekker_counter:DekkerFencedPso:0:0 \
         peterson_fenced:PetersonFenced:0:1 peterson_fenced:PetersonFencedPso:0:0 \
         fast_mutex_counter:FastMutexCounterFenced:0:1 fast_mutex_counter:FastMutexCounterFencedPso:0:0; do
  IFS=: read -r m obj tso pso <<< "$o"
  "$GEN" "$D/$m.conc" --spec --ops inf -o "$tmp/inf_spec.aut" || fail "$m spec --ops inf"
  verdict "$tso" "$tmp/inf_spec.aut" "$D/$m.conc" "$obj" --ops inf --memory tso --buffer 6
  verdict "$pso" "$tmp/inf_spec.aut" "$D/$m.conc" "$obj" --ops inf --memory pso --buffer 6
done

# The seqlock: no torn read on tso, but a returned write may still wait in
# the buffer; one fence repairs that. pso tears reads unless the words are
# fenced in between the two counter stores.
cases seqlock_register.conc "--spec" "" "--buffer 4" SeqLockRegister 0 1 1
cases seqlock_register.conc "--spec" "--ops 2" "--buffer 4" \
  SeqLockRegisterFenced 0 0 1  SeqLockRegisterFencedPso 0 0 0

# Message passing: correct on tso as it stands, not on pso without the fence
# between the data and the flag: the object correct on TSO but not on PSO.
cases message_passing.conc "--spec" "--ops 2" "--buffer 2" \
  MessagePassing 0 0 1  MessagePassingFenced 0 0 0

# The CLH and MCS queue locks: robust on tso (Trencher finds no fence), so
# linearizable with none; on pso the store to c and the release (the
# cleared flag, the hand-over) reach memory in either order, and one fence
# after the store to c repairs it. 3 x inf under tso and 2 x inf under pso
# too: the counters are modulo 2.
for m in clh_counter:ClhCounter mcs_counter:McsCounter; do
  f=${m%:*} o=${m#*:}
  cases "$f.conc" "--spec" "--ops 2" "--buffer 4" "$o" 0 0 1  "${o}Fenced" 0 0 0
  cases "$f.conc" "--spec" "-t 3" "--buffer 4" "$o" 0 0 1  "${o}Fenced" 0 0 0
  "$GEN" "$D/$f.conc" --spec --ops inf -o "$tmp/inf_spec.aut" || fail "$f spec --ops inf"
  verdict 0 "$tmp/inf_spec.aut" "$D/$f.conc" "$o" --ops inf --memory tso --buffer 4
  verdict 1 "$tmp/inf_spec.aut" "$D/$f.conc" "$o" --ops inf --memory pso --buffer 4
  verdict 0 "$tmp/inf_spec.aut" "$D/$f.conc" "${o}Fenced" --ops inf --memory pso --buffer 4
  "$GEN" "$D/$f.conc" --spec -t 3 --ops inf -o "$tmp/inf_spec3.aut" || fail "$f spec -t 3 --ops inf"
  verdict 0 "$tmp/inf_spec3.aut" "$D/$f.conc" "$o" -t 3 --ops inf --memory tso --buffer 4
  cmp -s <("$GEN" "$D/$f.conc" --object "$o" --ops 2) <("$GEN" "$D/$f.conc" --object "${o}Fenced" --ops 2) ||
    fail "the fence of ${o}Fenced changes the sc LTS"
done

# Treiber's stack and the Michael-Scott queue need no fence: every store
# that publishes is a cas, which drains the buffer. More than linearizable:
# under tso and pso their divbranching quotients are those under sc (the
# stack's one plain store, n.next := t, goes to a node no other thread can
# reach yet; the queue has no plain store to shared memory at all).
for mo in treiber_stack:TreiberStack ms_queue:MSQueue; do
  m=${mo%:*} o=${mo#*:}
  for tn in "2 2" "3 1"; do
    # shellcheck disable=SC2086
    set -- $tn
    "$GEN" "$D/$m.conc" -t "$1" -n "$2" --spec -o "$tmp/spec.aut" || fail "$m spec"
    "$GEN" "$D/$m.conc" -t "$1" -n "$2" | "$QUOTIENT" -e divbranching - -o "$tmp/sc.q.aut" || fail "$m sc"
    for mm in tso pso; do
      verdict 0 "$tmp/spec.aut" "$D/$m.conc" "$o" -t "$1" -n "$2" --memory $mm --buffer 2
      "$GEN" "$D/$m.conc" -t "$1" -n "$2" --memory $mm --buffer 2 2>/dev/null |
        "$QUOTIENT" -e divbranching - -o "$tmp/$mm.q.aut" || fail "$m $mm"
      "$REFINES" --equiv strong "$tmp/sc.q.aut" "$tmp/$mm.q.aut" > "$tmp/out" ||
        fail "$m ${1}x$2: the $mm quotient differs from the sc one: $(head -3 "$tmp/out")"
    done
  done
done
# The minimal fence sets that the fenced objects above place
# (docs/memory-models.md, "Fence inference"; the other cases' are checked
# in tests/fences/gen_fences.sh).
# sets "SET..." GEN-OPTIONS...: gen --suggest-fences exits 0 and reports
# exactly these minimal sets, one per line as "{2}" or "{1, 3}".
sets() {
  local want=$1; shift
  "$GEN" "$@" --suggest-fences > "$tmp/fences" 2> /dev/null || fail "gen $* --suggest-fences: exit $?"
  local got
  got=$(grep -E '^  \{' "$tmp/fences" | sed 's/^  //' | tr '\n' ' ')
  [ "$got" = "$want " ] || fail "gen $* --suggest-fences: minimal sets '$got', expected '$want ': $(cat "$tmp/fences")"
}
T="$D/the_deque.conc"
sets "{3, 5}" "$T" --object The --spec-object TheSpec --ops 2 --buffer 4 --memory tso
grep -qF "fence $T:87:5: after \`T := t;\` in pop" "$tmp/fences" || fail "the pop fence: $(cat "$tmp/fences")"
grep -qF "fence $T:108:5: after \`H := h + 1;\` in steal" "$tmp/fences" || fail "the steal fence: $(cat "$tmp/fences")"
sets "{1, 3, 5}" "$T" --object The --spec-object TheSpec --ops 2 --buffer 4 --memory pso
grep -qF "fence $T:79:5: after \`a[t] := v;\` in push" "$tmp/fences" || fail "the push fence: $(cat "$tmp/fences")"
S="$D/seqlock_register.conc"
sets "{1} {2} {3} {4}" "$S" --buffer 4 --memory tso
sets "{1, 3}" "$S" --buffer 4 --memory pso
sets "{2}" "$D/dekker_counter.conc" --object DekkerFencedFirst --ops 2 --buffer 6 --memory tso
sets "{4, 5}" "$D/fast_mutex_counter.conc" --object FastMutexCounterFenced --ops 2 --buffer 6 --memory pso
# The queue locks: no fence on tso, the one after the store to c on pso.
for m in clh_counter:ClhCounter mcs_counter:McsCounter; do
  f=${m%:*} o=${m#*:}
  "$GEN" "$D/$f.conc" --object "$o" --ops 2 --buffer 4 --memory tso --suggest-fences > "$tmp/fences" 2> /dev/null ||
    fail "$o --suggest-fences under tso: exit $?"
  grep -q "^No fence needed" "$tmp/fences" || fail "$o needs no fence on tso: $(cat "$tmp/fences")"
  "$GEN" "$D/$f.conc" --object "$o" --ops 2 --buffer 4 --memory pso --suggest-fences > "$tmp/fences" 2> /dev/null ||
    fail "$o --suggest-fences under pso: exit $?"
  [ "$(grep -cE '^  \{' "$tmp/fences")" = 1 ] || fail "$o: one minimal set on pso: $(cat "$tmp/fences")"
  grep -A1 -E '^  \{' "$tmp/fences" | grep -qF "after \`c := (x + 1) % 2;\` in inc" ||
    fail "$o: the pso fence after the store to c: $(cat "$tmp/fences")"
done
echo "memory cases: ok"
