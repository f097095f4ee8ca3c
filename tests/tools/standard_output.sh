# A result that cannot be written is an error naming <stdout>, with status
# 2 (a verdict lost on a full disk must not read as success). When the
# reader of a pipe goes away, a tool ends like any filter: killed by
# SIGPIPE, silently, even when its caller ignored SIGPIPE, and leaves no
# temporary file of its other results.
. "$(dirname "$0")/lib.sh"
[ -w /dev/full ] || exit 77
model="$SRC/models/treiber_stack.conc"
printf 'des (0,2,3)\n(0,a,1)\n(1,b,2)\n' > "$work/impl.aut"
printf 'des (0,1,2)\n(0,a,1)\n' > "$work/spec.aut"
full() {  # full WANT_MESSAGE TOOL ARGS...: stdout to a full device
  local want=$1; shift
  "$@" > /dev/full 2> "$work/err"
  local got=$?
  [ "$got" -eq 2 ] || fail "'$*' > /dev/full exited $got, expected 2"
  [ "$(cat "$work/err")" = "$want" ] || fail "'$*' > /dev/full: '$(cat "$work/err")'"
}
nospace="<stdout>: error: cannot write: No space left on device"
full "$nospace" "$BIN/refines" "$work/impl.aut" "$work/impl.aut"            # holds: a short verdict
full "$nospace" "$BIN/refines" "$work/impl.aut" "$work/spec.aut" --cex "$work/cex"  # fails
[ ! -e "$work/cex" ] || fail "--cex written although the verdict was lost"
full "$nospace" "$BIN/refines" --equiv strong "$work/impl.aut" "$work/spec.aut"
full "$nospace" "$BIN/quotient" "$work/impl.aut"
full "$nospace" "$BIN/gen" "$model"
full "$nospace" "$BIN/gen" "$model" -t 2 -n 3   # megabytes: fails while writing
full "$nospace" "$BIN/gen" --help
# -o names the file.
expect_status 2 "$BIN/quotient" "$work/impl.aut" -o /dev/full
[ "$(cat "$work/err")" = "/dev/full: error: cannot write: No space left on device" ] || fail "-o /dev/full: $(cat "$work/err")"
# A reader that goes away: no message; the writer dies of SIGPIPE (141).
for ignore in no yes; do
  (
    [ $ignore = yes ] && trap '' PIPE
    "$BIN/gen" "$model" -t 2 -n 3 2> "$work/err" | head -1 > "$work/out"
    echo "${PIPESTATUS[0]}" > "$work/status"
  )
  [ "$(cat "$work/status")" = 141 ] || fail "gen | head (SIGPIPE ignored: $ignore) exited $(cat "$work/status")"
  [ ! -s "$work/err" ] || fail "gen | head (SIGPIPE ignored: $ignore): $(cat "$work/err")"
  grep -q '^des ' "$work/out" || fail "gen | head: $(cat "$work/out")"
  (
    [ $ignore = yes ] && trap '' PIPE
    "$BIN/refines" "$work/impl.aut" "$work/spec.aut" 2> "$work/err" | head -1 > "$work/out"
    echo "${PIPESTATUS[0]}" > "$work/status"
  )
  case "$(cat "$work/status")" in 1 | 141) ;; *) fail "refines | head exited $(cat "$work/status")" ;; esac
  [ ! -s "$work/err" ] || fail "refines | head: $(cat "$work/err")"
  grep -q '^does not hold' "$work/out" || fail "refines | head: $(cat "$work/out")"
  # The other results of a tool the pipe ends leave no temporary file: the
  # map goes to the pipe (megabytes), the quotient to a file not yet
  # committed when the reader goes away.
  "$BIN/gen" "$model" -t 2 -n 3 --no-reduce -o "$work/big.aut" || fail "gen big.aut"
  (
    [ $ignore = yes ] && trap '' PIPE
    cd "$work" && "$BIN/quotient" big.aut --map /dev/stdout -o q.aut 2> "$work/err" | head -c 3 > "$work/out"
    echo "${PIPESTATUS[0]}" > "$work/status"
  )
  [ "$(cat "$work/status")" = 141 ] || fail "quotient --map | head exited $(cat "$work/status")"
  [ ! -s "$work/err" ] || fail "quotient --map | head: $(cat "$work/err")"
  leftover=$(cd "$work" && ls q.aut* 2>/dev/null)
  [ -z "$leftover" ] || fail "quotient --map | head left $leftover"
done
finish
