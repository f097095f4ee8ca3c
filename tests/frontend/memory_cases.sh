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
# cases MODEL SPEC-OBJECT "GEN-OPTIONS" "BUFFER-OPTION" OBJECT SC TSO PSO [OBJECT SC TSO PSO...]
cases() {
  local model="$D/$1" specobj=$2 opts=$3 buf=$4; shift 4
  "$GEN" "$model" --object "$specobj" $opts -o "$tmp/spec.aut" || fail "spec $specobj"
  while [ $# -gt 0 ]; do
    verdict "$2" "$tmp/spec.aut" "$model" "$1" $opts
    verdict "$3" "$tmp/spec.aut" "$model" "$1" $opts --memory tso $buf
    verdict "$4" "$tmp/spec.aut" "$model" "$1" $opts --memory pso $buf
    shift 4
  done
}

# Chase-Lev: the fence in take repairs tso; pso also reorders push's stores.
cases chase_lev_deque.conc ChaseLevSpec "--ops 3" "--buffer 6" \
  ChaseLev 0 1 1  ChaseLevFenced 0 0 1
# Under sc a fence compiles to nothing.
cmp -s <("$GEN" "$D/chase_lev_deque.conc" --object ChaseLev --ops 3) \
       <("$GEN" "$D/chase_lev_deque.conc" --object ChaseLevFenced --ops 3) || fail "the fence changes the sc LTS"
# Dekker's lock: fences after the raised flags repair tso; pso needs one
# before the release too.
"$GEN" "$D/dekker_counter.conc" --spec -o "$tmp/dekker_spec.aut" || fail "Dekker spec"
for o in Dekker:0:1:1 DekkerFenced:0:0:1 DekkerFencedPso:0:0:0; do
  IFS=: read -r obj sc tso pso <<< "$o"
  verdict "$sc" "$tmp/dekker_spec.aut" "$D/dekker_counter.conc" "$obj"
  verdict "$tso" "$tmp/dekker_spec.aut" "$D/dekker_counter.conc" "$obj" --memory tso --buffer 6
  verdict "$pso" "$tmp/dekker_spec.aut" "$D/dekker_counter.conc" "$obj" --memory pso --buffer 6
done
# Message passing: correct on tso as it stands, not on pso without the fence
# between the data and the flag.
M="$D/message_passing.conc"
"$GEN" "$M" --spec --ops 2 -o "$tmp/mp_spec.aut" || fail "message passing spec"
for o in MessagePassing:0:0:1 MessagePassingFenced:0:0:0; do
  IFS=: read -r obj sc tso pso <<< "$o"
  verdict "$sc" "$tmp/mp_spec.aut" "$M" "$obj" --ops 2
  verdict "$tso" "$tmp/mp_spec.aut" "$M" "$obj" --ops 2 --memory tso --buffer 2
  verdict "$pso" "$tmp/mp_spec.aut" "$M" "$obj" --ops 2 --memory pso --buffer 2
done
echo "memory cases: ok"
