# Every malformed input: exit 2, exactly the corpus diagnostic on stderr
# (with the file name as given), nothing on stdout, no output file left.
# Every accepted input: exit 0 and output that reads back.
. "$(dirname "$0")/lib.sh"
cd "$DATA/aut_corpus" || exit 1
for f in *.aut; do
  want=$(head -1 "${f%.aut}.expect")
  rm -rf "$work/o" && mkdir "$work/o"
  case "$want" in
    error*)
      expect_status 2 "$BIN/quotient" -e none "$f" -o "$work/o/result.aut"
      [ "$(cat "$work/err")" = "$f:${want#error }" ] || fail "$f: stderr '$(cat "$work/err")' != '$f:${want#error }'"
      [ -z "$(ls -A "$work/o")" ] || fail "$f: left files behind: $(ls -A "$work/o")"
      # The same through standard input names <stdin>.
      expect_status 2 "$BIN/quotient" -e none - < "$f"
      [ "$(cat "$work/err")" = "<stdin>:${want#error }" ] || fail "$f via stdin: '$(cat "$work/err")'"
      [ ! -s "$work/out" ] || fail "$f: partial output on stdout"
      ;;
    ok*)
      expect_status 0 "$BIN/quotient" -e none "$f" -o "$work/o/result.aut"
      expect_status 0 "$BIN/quotient" -e none "$work/o/result.aut"
      ;;
  esac
done
finish
